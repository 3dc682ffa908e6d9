extension UserContent {
  /// The import's rules for what an item may hold, checked once, when its record comes in:
  /// an id safe in an address and an HTML id, media named by a file of the media folder, links
  /// only to http and https, coordinates on the globe, and an album with photos.
  func checkRules() throws(RecordError) {
    switch block {
    case .photoAlbum(let photos):
      guard !photos.isEmpty else { throw RecordError("\"photos\" is empty") }
      for photo in photos { try Self.check(photo.image) }
    case .video(let poster, _, let link):
      try Self.check(poster)
      try Self.checkWeb(link, "link")
    case .textWithLinks, .event:
      break
    case .location(_, let latitude, let longitude):
      guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
        throw RecordError("the coordinates are out of range")
      }
    case .link(_, let url, _, let image):
      try Self.checkWeb(url, "url")
      if let image { try Self.check(image) }
    }
    guard !id.isEmpty, id.count <= 64,
      id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else { throw RecordError("\"id\" must be 1 to 64 letters, digits, - or _") }
  }

  /// A media file name without folders.
  private static func check(_ media: MediaRef) throws(RecordError) {
    guard !media.file.isEmpty, !media.file.contains("/"), !media.file.hasPrefix(".") else {
      throw RecordError("\"file\" must be a file name in the media folder, without folders")
    }
  }

  /// Only http and https URLs are ever linked.
  private static func checkWeb(_ url: String, _ field: String) throws(RecordError) {
    let lower = url.lowercased()
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
      throw RecordError("\"\(field)\" must be an http or https URL")
    }
  }
}
