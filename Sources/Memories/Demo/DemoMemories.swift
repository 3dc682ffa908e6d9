import Foundation
import MVVMWebViewModels

/// The demo set imported on first run: three items on every day of the year (February 29
/// included) spread over 2016–2025, cycling through every content kind, with interactions on
/// some, and the placeholder images they show. Deterministic, so pages are the same every run.
public enum DemoMemories {
  static let kinds = ["photoAlbum", "video", "text", "event", "location", "link"]
  static let years = Array(2016...2025)
  static let leapYears = [2016, 2020, 2024]
  static let places: [(name: String, latitude: Double, longitude: Double)] = [
    ("Eiffel Tower, Paris", 48.8584, 2.2945), ("Sydney Opera House", -33.8568, 151.2153),
    ("Golden Gate Park, San Francisco", 37.7694, -122.4862),
    ("Table Mountain, Cape Town", -33.9628, 18.4098),
  ]
  static let friends = ["Ann", "Bruno", "Chloé", "Dev"]

  /// The demo images: simple coloured SVGs, written into the media folder.
  public static let media: [(file: String, svg: String)] = [
    ("demo-beach.svg", "#3b7dd8"), ("demo-forest.svg", "#2f7d4f"), ("demo-city.svg", "#8a4fd0"),
    ("demo-poster.svg", "#c2410c"), ("demo-site.svg", "#0f766e"),
  ].map { file, colour in
    (
      file,
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480"><rect width="640" height="480" fill="\(colour)"/>\
      <circle cx="480" cy="140" r="60" fill="#ffffff" fill-opacity="0.5"/><path d="M0 400l180-170 140 120 110-80 210 130v80H0z" fill="#000000" fill-opacity="0.25"/></svg>
      """
    )
  }

  /// Writes the demo images into `mediaDirectory` (creating it).
  public static func install(mediaDirectory: String) throws {
    try FileManager.default.createDirectory(
      atPath: mediaDirectory, withIntermediateDirectories: true)
    for (file, svg) in media {
      try svg.write(
        toFile: (mediaDirectory as NSString).appendingPathComponent(file), atomically: true,
        encoding: .utf8)
    }
  }

  /// Every demo item, three a day, as an import of their records would make them.
  public static func items() -> [UserContent] {
    var items: [UserContent] = []
    var dayNumber = 0
    for month in Month.allCases {
      for day in 1...month.dayCount(inYear: 2016) {
        for slot in 0..<3 {
          let choices = month == .february && day == 29 ? leapYears : years
          let year = choices[(dayNumber * 7 + slot * 3) % choices.count]
          let kind = kinds[(dayNumber + slot * 2) % kinds.count]
          // Every date asked for is a real one; were one not, its item would be left out.
          if let item = item(
            kind: kind, year: year, month: month.rawValue, day: day, slot: slot,
            number: dayNumber)
          {
            items.append(item)
          }
        }
        dayNumber += 1
      }
    }
    return items
  }

  private static func item(
    kind: String, year: Int, month: Int, day: Int, slot: Int, number: Int
  ) -> UserContent? {
    let hour = 9 + slot * 4
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let date = { (hour: Int, minute: Int) in
      calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
    }
    guard let created = date(hour, (number * 7) % 60), let end = date(min(hour + 2, 23), 0) else {
      return nil
    }
    let place = places[number % places.count]
    let image = { (file: String, alt: String) in
      MediaRef(file: file, width: 640, height: 480, alt: alt)
    }
    let source: String
    let block: ContentBlock
    switch kind {
    case "photoAlbum":
      source = "Photos"
      block = .photoAlbum([
        Photo(image: image("demo-beach.svg", "A beach"), caption: "Morning swim"),
        Photo(image: image("demo-forest.svg", "A forest path"), caption: "The long way home"),
        // One photo whose file is gone, so the page shows the placeholder.
        Photo(
          image: image(number % 5 == 0 ? "lost-photo.svg" : "demo-city.svg", "City lights"),
          caption: "City lights"),
      ])
    case "video":
      source = "Videos"
      block = .video(
        poster: image("demo-poster.svg", "A birthday cake"), durationSeconds: 45 + number % 200,
        link: "https://videos.example.com/watch/\(number)")
    case "text":
      source = "Mastodon"
      block = .textWithLinks(
        "Finally finished the puzzle! Photos at https://example.com/puzzle-\(number) and more soon."
      )
    case "event":
      source = "Calendar"
      block = .event(
        title: "Dinner with \(friends[number % friends.count])", start: created, end: end,
        place: place.name)
    case "location":
      source = "Check-ins"
      block = .location(name: place.name, latitude: place.latitude, longitude: place.longitude)
    default:
      source = "Links"
      block = .link(
        title: "How to make sourdough at home",
        url: "https://bread.example.org/sourdough-\(number)",
        siteName: "Bread Lab", image: image("demo-site.svg", ""))
    }
    let interactions =
      number % 2 == 0
      ? Interactions(
        likes: Array(friends.prefix(1 + number % friends.count)),
        comments: [Comment(author: friends[(number + 1) % friends.count], text: "Love this!")])
      : Interactions(likes: [], comments: [])
    return UserContent(
      id: String(format: "demo-%02d%02d-%d", month, day, slot), source: source, createdAt: created,
      block: block, interactions: interactions)
  }
}
