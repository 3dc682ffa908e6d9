import Foundation
import MVVMWebViewModels

/// Likes and comments on an item, in words: "Liked by Ann and Bruno", "2 likes · 1 comment".
@Outputs
public struct InteractionsViewModel {
  @Outputs
  public struct CommentRow {
    public var author: String
    public var text: String
  }

  @OutputIgnored public var interactions: Interactions

  public var likesText: String {
    let likes = interactions.likes
    switch likes.count {
    case 0: return ""
    case 1: return "Liked by \(likes[0])"
    case 2: return "Liked by \(likes[0]) and \(likes[1])"
    default:
      return "Liked by \(likes.dropLast().joined(separator: ", ")) and \(likes[likes.count - 1])"
    }
  }

  public var countText: String {
    let likes = interactions.likes.count
    let comments = interactions.comments.count
    return "\(likes) like\(likes == 1 ? "" : "s") · \(comments) comment\(comments == 1 ? "" : "s")"
  }

  public var hasLikes: Bool { !interactions.likes.isEmpty }
  public var comments: [CommentRow] {
    interactions.comments.map { CommentRow(author: $0.author, text: $0.text) }
  }
  public var hasComments: Bool { !interactions.comments.isEmpty }
}

/// The share action: a mail with the item's words, which works in any browser without scripts.
@Outputs
public struct ShareViewModel {
  @OutputIgnored public var subject: String
  @OutputIgnored public var body: String

  public var shareText: String { "Share" }
  public var shareLink: Link {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let encode = { (text: String) in
      text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
    return .web("mailto:?subject=\(encode(subject))&body=\(encode(body))")
  }
}
