import Foundation

/// Turns raw memory records (JSON dictionaries, the format in the README, "Memories data") into models, as
/// Timehop's IssueController does. A bad record is reported with its index and why, and the good
/// ones around it still come through.
public struct IssueController: Sendable {
  public init() {}

  /// Parses every record; returns the good items and a problem per refused record.
  public func parse(
    _ records: [Any], file: String
  ) -> (items: [UserContent], problems: [ImportProblem]) {
    let (accepted, problems) = parseKeepingRecords(records, file: file)
    return (accepted.map(\.item), problems)
  }

  /// Like `parse`, with each good item beside the raw record it came from (what a store keeps).
  func parseKeepingRecords(
    _ records: [Any], file: String
  ) -> (
    accepted: [(record: [String: Any], item: UserContent)], problems: [ImportProblem]
  ) {
    var accepted: [(record: [String: Any], item: UserContent)] = []
    var problems: [ImportProblem] = []
    for (offset, record) in records.enumerated() {
      do throws(RecordError) {
        guard let fields = record as? [String: Any] else {
          throw RecordError("it is not an object")
        }
        accepted.append((fields, try content(from: Fields(fields))))
      } catch {
        problems.append(ImportProblem(file: file, index: offset + 1, reason: error.reason))
      }
    }
    return (accepted, problems)
  }

  func content(from fields: Fields) throws(RecordError) -> UserContent {
    let kind = try fields.text("kind")
    let block: ContentBlock
    switch kind {
    case "photoAlbum":
      let photos = try fields.list("photos").map { photo throws(RecordError) in
        Photo(image: try photo.media(), caption: try photo.text("caption", optional: true))
      }
      guard !photos.isEmpty else { throw RecordError("\"photos\" is empty") }
      block = .photoAlbum(photos)
    case "video":
      let video = try fields.object("video")
      block = .video(
        poster: try video.object("poster").media(), durationSeconds: try video.integer("duration"),
        link: try video.webURL("link"))
    case "text":
      block = .textWithLinks(try fields.text("text"))
    case "event":
      let event = try fields.object("event")
      block = .event(
        title: try event.text("title"), start: try event.date("start"), end: try event.date("end"),
        place: try event.text("place"))
    case "location":
      let location = try fields.object("location")
      let latitude = try location.number("latitude")
      let longitude = try location.number("longitude")
      guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
        throw RecordError("the coordinates are out of range")
      }
      block = .location(name: try location.text("name"), latitude: latitude, longitude: longitude)
    case "link":
      let link = try fields.object("link")
      block = .link(
        title: try link.text("title"), url: try link.webURL("url"),
        siteName: try link.text("siteName"),
        image: link.has("image") ? try link.object("image").media() : nil)
    default:
      throw RecordError(
        "\"kind\" is \"\(kind)\", expected one of photoAlbum, video, text, event, location, link")
    }
    let likes = fields.has("likes") ? try fields.texts("likes") : []
    let comments =
      fields.has("comments")
      ? try fields.list("comments").map { comment throws(RecordError) in
        Comment(author: try comment.text("author"), text: try comment.text("text"))
      } : []
    return UserContent(
      id: try fields.identifier("id"), source: try fields.text("source"),
      createdAt: try fields.date("created"),
      block: block, interactions: Interactions(likes: likes, comments: comments))
  }
}

/// Why one record was refused.
struct RecordError: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// Typed access to a record's fields, each failure naming the field and what was expected.
struct Fields {
  let values: [String: Any]
  init(_ values: [String: Any]) { self.values = values }

  func has(_ key: String) -> Bool { values[key] != nil && !(values[key] is NSNull) }

  private func value(_ key: String) throws(RecordError) -> Any {
    guard let value = values[key], !(value is NSNull) else {
      throw RecordError("\"\(key)\" is missing")
    }
    return value
  }

  func text(_ key: String, optional: Bool = false) throws(RecordError) -> String {
    if optional && !has(key) { return "" }
    guard let text = try value(key) as? String else { throw RecordError("\"\(key)\" is not text") }
    return text
  }

  /// An id that is safe in a URL path and an HTML id: letters, digits, `-` and `_`.
  func identifier(_ key: String) throws(RecordError) -> String {
    let id = try text(key)
    guard !id.isEmpty, id.count <= 64,
      id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else { throw RecordError("\"\(key)\" must be 1 to 64 letters, digits, - or _") }
    return id
  }

  func number(_ key: String) throws(RecordError) -> Double {
    // JSON's true and false come as NSNumbers of type "c" (char); numbers never do. (`is Bool`
    // would also refuse 0 and 1, which bridge to Bool.)
    guard let number = try value(key) as? NSNumber, String(cString: number.objCType) != "c" else {
      throw RecordError("\"\(key)\" is not a number")
    }
    return number.doubleValue
  }

  func integer(_ key: String) throws(RecordError) -> Int {
    let number = try number(key)
    guard number >= 0, number == number.rounded(), number < 1e9 else {
      throw RecordError("\"\(key)\" is not a whole number of zero or more")
    }
    return Int(number)
  }

  func date(_ key: String) throws(RecordError) -> Date {
    let text = try text(key)
    guard let date = ISO8601DateFormatter().date(from: text) else {
      throw RecordError("\"\(key)\" is not an ISO 8601 date like 2014-03-09T18:30:00Z")
    }
    return date
  }

  /// Only http and https URLs are ever linked.
  func webURL(_ key: String) throws(RecordError) -> String {
    let url = try text(key)
    let lower = url.lowercased()
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
      throw RecordError("\"\(key)\" must be an http or https URL")
    }
    return url
  }

  func object(_ key: String) throws(RecordError) -> Fields {
    guard let object = try value(key) as? [String: Any] else {
      throw RecordError("\"\(key)\" is not an object")
    }
    return Fields(object)
  }

  func list(_ key: String) throws(RecordError) -> [Fields] {
    guard let list = try value(key) as? [Any] else { throw RecordError("\"\(key)\" is not a list") }
    var objects: [Fields] = []
    for element in list {
      guard let object = element as? [String: Any] else {
        throw RecordError("\"\(key)\" holds something that is not an object")
      }
      objects.append(Fields(object))
    }
    return objects
  }

  func texts(_ key: String) throws(RecordError) -> [String] {
    guard let list = try value(key) as? [Any], let texts = list as? [String] else {
      throw RecordError("\"\(key)\" is not a list of text")
    }
    return texts
  }

  /// `{"file", "width", "height", "alt"}`: a media file name without folders.
  func media() throws(RecordError) -> MediaRef {
    let file = try text("file")
    guard !file.isEmpty, !file.contains("/"), !file.hasPrefix(".") else {
      throw RecordError("\"file\" must be a file name in the media folder, without folders")
    }
    return MediaRef(
      file: file, width: try integer("width"), height: try integer("height"),
      alt: try text("alt", optional: true))
  }
}
