import Foundation

// Items as records: the JSON format of the README ("Memories data"), which `mvvmweb
// import-memories` reads and the SQL stores keep, one record per item. Decoding checks the shape
// (every field there, of its type) and says what was wrong in a `RecordError`; the import then
// checks the content (`checkRules()`), once. Encoding writes the same format, so rows written
// before these types read as well as the ones written now.

extension MediaRef: Codable {
  enum CodingKeys: String, CodingKey {
    case file, width, height, alt
  }

  /// `{"file", "width", "height", "alt"}`, `alt` optional.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    file = try fields.text(.file)
    width = try fields.wholeNumber(.width)
    height = try fields.wholeNumber(.height)
    alt = try fields.optionalText(.alt)
  }

  public func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(file, forKey: .file)
    try fields.encode(width, forKey: .width)
    try fields.encode(height, forKey: .height)
    try fields.encode(alt, forKey: .alt)
  }
}

extension Photo: Codable {
  enum CodingKeys: String, CodingKey {
    case file, width, height, alt, caption
  }

  /// The image's fields and an optional `caption`, in one object.
  public init(from decoder: any Decoder) throws {
    image = try MediaRef(from: decoder)
    caption = try decoder.container(keyedBy: CodingKeys.self).optionalText(.caption)
  }

  public func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(image.file, forKey: .file)
    try fields.encode(image.width, forKey: .width)
    try fields.encode(image.height, forKey: .height)
    try fields.encode(image.alt, forKey: .alt)
    try fields.encode(caption, forKey: .caption)
  }
}

extension Comment: Codable {
  enum CodingKeys: String, CodingKey {
    case author, text
  }

  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    author = try fields.text(.author)
    text = try fields.text(.text)
  }

  public func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(author, forKey: .author)
    try fields.encode(text, forKey: .text)
  }
}

extension UserContent: Codable {
  enum CodingKeys: String, CodingKey {
    case id, source, created, kind, likes, comments
    case photos, video, text, event, location, link
  }

  enum VideoKeys: String, CodingKey {
    case poster, duration, link
  }

  enum EventKeys: String, CodingKey {
    case title, start, end, place
  }

  enum LocationKeys: String, CodingKey {
    case name, latitude, longitude
  }

  enum LinkKeys: String, CodingKey {
    case title, url, siteName, image
  }

  /// The kinds of block, as `kind` names them.
  static let kinds = ["photoAlbum", "video", "text", "event", "location", "link"]

  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try fields.text(.kind)
    switch kind {
    case "photoAlbum":
      block = .photoAlbum(try fields.list(Photo.self, .photos))
    case "video":
      let video = try fields.object(VideoKeys.self, .video)
      block = .video(
        poster: try video.object(MediaRef.self, .poster),
        durationSeconds: try video.wholeNumber(.duration), link: try video.text(.link))
    case "text":
      block = .textWithLinks(try fields.text(.text))
    case "event":
      let event = try fields.object(EventKeys.self, .event)
      block = .event(
        title: try event.text(.title), start: try event.date(.start), end: try event.date(.end),
        place: try event.text(.place))
    case "location":
      let location = try fields.object(LocationKeys.self, .location)
      block = .location(
        name: try location.text(.name), latitude: try location.number(.latitude),
        longitude: try location.number(.longitude))
    case "link":
      let link = try fields.object(LinkKeys.self, .link)
      block = .link(
        title: try link.text(.title), url: try link.text(.url),
        siteName: try link.text(.siteName),
        image: link.has(.image) ? try link.object(MediaRef.self, .image) : nil)
    default:
      throw RecordError(
        "\"kind\" is \"\(kind)\", expected one of \(Self.kinds.joined(separator: ", "))")
    }
    interactions = Interactions(
      likes: fields.has(.likes) ? try fields.texts(.likes) : [],
      comments: fields.has(.comments) ? try fields.list(Comment.self, .comments) : [])
    id = try fields.text(.id)
    source = try fields.text(.source)
    createdAt = try fields.date(.created)
  }

  public func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(id, forKey: .id)
    try fields.encode(source, forKey: .source)
    try fields.encode(createdAt.formatted(.iso8601), forKey: .created)
    switch block {
    case .photoAlbum(let photos):
      try fields.encode("photoAlbum", forKey: .kind)
      try fields.encode(photos, forKey: .photos)
    case .video(let poster, let durationSeconds, let link):
      try fields.encode("video", forKey: .kind)
      var video = fields.nestedContainer(keyedBy: VideoKeys.self, forKey: .video)
      try video.encode(poster, forKey: .poster)
      try video.encode(durationSeconds, forKey: .duration)
      try video.encode(link, forKey: .link)
    case .textWithLinks(let text):
      try fields.encode("text", forKey: .kind)
      try fields.encode(text, forKey: .text)
    case .event(let title, let start, let end, let place):
      try fields.encode("event", forKey: .kind)
      var event = fields.nestedContainer(keyedBy: EventKeys.self, forKey: .event)
      try event.encode(title, forKey: .title)
      try event.encode(start.formatted(.iso8601), forKey: .start)
      try event.encode(end.formatted(.iso8601), forKey: .end)
      try event.encode(place, forKey: .place)
    case .location(let name, let latitude, let longitude):
      try fields.encode("location", forKey: .kind)
      var location = fields.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
      try location.encode(name, forKey: .name)
      try location.encode(latitude, forKey: .latitude)
      try location.encode(longitude, forKey: .longitude)
    case .link(let title, let url, let siteName, let image):
      try fields.encode("link", forKey: .kind)
      var link = fields.nestedContainer(keyedBy: LinkKeys.self, forKey: .link)
      try link.encode(title, forKey: .title)
      try link.encode(url, forKey: .url)
      try link.encode(siteName, forKey: .siteName)
      try link.encodeIfPresent(image, forKey: .image)
    }
    if !interactions.likes.isEmpty { try fields.encode(interactions.likes, forKey: .likes) }
    if !interactions.comments.isEmpty {
      try fields.encode(interactions.comments, forKey: .comments)
    }
  }
}
