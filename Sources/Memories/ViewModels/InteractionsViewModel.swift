import Foundation
import MVVM

/// Likes and comments on an item, in words: "Liked by Ann and Bruno", "2 likes · 1 comment".
public struct InteractionsViewModel: Outputs {
  public struct CommentRow: Outputs {
    public var author: String
    public var text: String

    public static let outputSchema = OutputSchema(["author": .text, "text": .text])

    public func output(named name: String) -> Output? {
      switch name {
      case "author": .text(author)
      case "text": .text(text)
      default: nil
      }
    }
  }

  public var interactions: Interactions

  public var likesText: String {
    let likes = interactions.likes
    switch likes.count {
    case 0: return ""
    case 1: return "Liked by \(likes[0])"
    case 2: return "Liked by \(likes[0]) and \(likes[1])"
    default: return "Liked by \(likes.dropLast().joined(separator: ", ")) and \(likes.last!)"
    }
  }

  public var countText: String {
    let likes = interactions.likes.count
    let comments = interactions.comments.count
    return "\(likes) like\(likes == 1 ? "" : "s") · \(comments) comment\(comments == 1 ? "" : "s")"
  }

  public static let outputSchema = OutputSchema([
    "likesText": .text, "hasLikes": .flag, "comments": .list(CommentRow.outputSchema),
    "hasComments": .flag,
    "countText": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "likesText": .text(likesText)
    case "hasLikes": .flag(!interactions.likes.isEmpty)
    case "comments":
      .list(interactions.comments.map { CommentRow(author: $0.author, text: $0.text) })
    case "hasComments": .flag(!interactions.comments.isEmpty)
    case "countText": .text(countText)
    default: nil
    }
  }
}

/// The share action: a mail with the item's words, which works in any browser without scripts.
public struct ShareViewModel: Outputs {
  public var subject: String
  public var body: String

  public var shareLink: String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let encode = { (text: String) in
      text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
    return "mailto:?subject=\(encode(subject))&body=\(encode(body))"
  }

  public static let outputSchema = OutputSchema(["shareText": .text, "shareLink": .url])

  public func output(named name: String) -> Output? {
    switch name {
    case "shareText": .text("Share")
    case "shareLink": .url(shareLink)
    default: nil
    }
  }
}
