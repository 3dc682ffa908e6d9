import Foundation

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

  /// Every demo record, in the import format (see the README, "Memories data").
  public static func records() -> [[String: Any]] {
    var records: [[String: Any]] = []
    var dayNumber = 0
    for month in 1...12 {
      for day in 1...IssueKey.daysIn(month: month, year: 2016) {
        for slot in 0..<3 {
          let choices = month == 2 && day == 29 ? leapYears : years
          let year = choices[(dayNumber * 7 + slot * 3) % choices.count]
          let kind = kinds[(dayNumber + slot * 2) % kinds.count]
          records.append(
            record(kind: kind, year: year, month: month, day: day, slot: slot, number: dayNumber))
        }
        dayNumber += 1
      }
    }
    return records
  }

  private static func record(
    kind: String, year: Int, month: Int, day: Int, slot: Int, number: Int
  ) -> [String: Any] {
    let hour = 9 + slot * 4
    let stamp = String(
      format: "%04d-%02d-%02dT%02d:%02d:00Z", year, month, day, hour, (number * 7) % 60)
    var record: [String: Any] = [
      "id": String(format: "demo-%02d%02d-%d", month, day, slot), "created": stamp, "kind": kind,
    ]
    let place = places[number % places.count]
    switch kind {
    case "photoAlbum":
      record["source"] = "Photos"
      record["photos"] = [
        [
          "file": "demo-beach.svg", "width": 640, "height": 480, "alt": "A beach",
          "caption": "Morning swim",
        ],
        [
          "file": "demo-forest.svg", "width": 640, "height": 480, "alt": "A forest path",
          "caption": "The long way home",
        ],
        // One photo whose file is gone, so the page shows the placeholder.
        [
          "file": number % 5 == 0 ? "lost-photo.svg" : "demo-city.svg", "width": 640, "height": 480,
          "alt": "City lights",
          "caption": "City lights",
        ],
      ]
    case "video":
      record["source"] = "Videos"
      record["video"] = [
        "poster": [
          "file": "demo-poster.svg", "width": 640, "height": 480, "alt": "A birthday cake",
        ],
        "duration": 45 + number % 200, "link": "https://videos.example.com/watch/\(number)",
      ]
    case "text":
      record["source"] = "Mastodon"
      record["text"] =
        "Finally finished the puzzle! Photos at https://example.com/puzzle-\(number) and more soon."
    case "event":
      record["source"] = "Calendar"
      record["event"] = [
        "title": "Dinner with \(friends[number % friends.count])", "start": stamp,
        "end": String(format: "%04d-%02d-%02dT%02d:00:00Z", year, month, day, min(hour + 2, 23)),
        "place": place.name,
      ]
    case "location":
      record["source"] = "Check-ins"
      record["location"] = [
        "name": place.name, "latitude": place.latitude, "longitude": place.longitude,
      ]
    default:
      record["source"] = "Links"
      record["link"] = [
        "title": "How to make sourdough at home",
        "url": "https://bread.example.org/sourdough-\(number)",
        "siteName": "Bread Lab",
        "image": ["file": "demo-site.svg", "width": 640, "height": 480, "alt": ""],
      ]
    }
    if number % 2 == 0 {
      record["likes"] = Array(friends.prefix(1 + number % friends.count))
      record["comments"] = [
        ["author": friends[(number + 1) % friends.count], "text": "Love this!"]
      ]
    }
    return record
  }
}
