import Foundation
import MVVM

/// One photo of an album: the image and its caption.
public struct PhotoViewModel: Outputs {
  public var image: ImageViewModel
  public var caption: String

  public static let outputSchema = OutputSchema([
    "image": .object(ImageViewModel.outputSchema), "caption": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "image": .object(image)
    case "caption": .text(caption)
    default: nil
    }
  }
}

/// A photo album block.
public struct PhotoAlbumViewModel: Outputs {
  public var photos: [PhotoViewModel]

  public static let outputSchema = OutputSchema([
    "photos": .list(PhotoViewModel.outputSchema), "countText": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "photos": .list(photos)
    case "countText": .text(photos.count == 1 ? "1 photo" : "\(photos.count) photos")
    default: nil
    }
  }
}

/// A video block: poster, duration ("2:05") and where to watch it.
public struct VideoViewModel: Outputs {
  public var poster: ImageViewModel
  public var durationSeconds: Int
  public var link: String

  public var durationText: String {
    String(format: "%d:%02d", durationSeconds / 60, durationSeconds % 60)
  }

  public static let outputSchema = OutputSchema([
    "poster": .object(ImageViewModel.outputSchema), "durationText": .text, "link": .url,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "poster": .object(poster)
    case "durationText": .text(durationText)
    case "link": .url(link)
    default: nil
    }
  }
}

/// A piece of a text block: plain text, or a web address shown as a link.
public struct TextSegment: Outputs, Equatable {
  public var text: String
  public var isLink: Bool

  public static let outputSchema = OutputSchema(["text": .text, "link": .url, "isLink": .flag])

  public func output(named name: String) -> Output? {
    switch name {
    case "text": .text(text)
    case "link": .url(isLink ? text : "")
    case "isLink": .flag(isLink)
    default: nil
    }
  }
}

/// A text block, split so its http and https addresses become links (and nothing else does).
public struct TextWithLinksViewModel: Outputs {
  public var segments: [TextSegment]

  public init(text: String) {
    var segments: [TextSegment] = []
    var plain = ""
    for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
      let separator = index == 0 ? "" : " "
      let lower = word.lowercased()
      if (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && word.count > 8 {
        segments.append(TextSegment(text: plain + separator, isLink: false))
        segments.append(TextSegment(text: String(word), isLink: true))
        plain = ""
      } else {
        plain += separator + word
      }
    }
    if !plain.isEmpty { segments.append(TextSegment(text: plain, isLink: false)) }
    self.segments = segments.filter { !$0.text.isEmpty }
  }

  public static let outputSchema = OutputSchema(["segments": .list(TextSegment.outputSchema)])

  public func output(named name: String) -> Output? {
    name == "segments" ? .list(segments) : nil
  }
}

/// An event block: title, when and where.
public struct EventViewModel: Outputs {
  public var title: String
  public var whenText: String
  public var place: String

  public static let outputSchema = OutputSchema(["title": .text, "whenText": .text, "place": .text])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text(title)
    case "whenText": .text(whenText)
    case "place": .text(place)
    default: nil
    }
  }
}

/// A location block: the place, its coordinates in words and a map link.
public struct LocationViewModel: Outputs {
  public var name: String
  public var latitude: Double
  public var longitude: Double

  /// "48.8584° N, 2.2945° E"
  public var coordinatesText: String {
    String(
      format: "%.4f° %@, %.4f° %@", abs(latitude), latitude >= 0 ? "N" : "S", abs(longitude),
      longitude >= 0 ? "E" : "W")
  }

  public var mapLink: String {
    String(
      format: "https://www.openstreetmap.org/?mlat=%.5f&mlon=%.5f#map=15/%.5f/%.5f", latitude,
      longitude, latitude, longitude)
  }

  public static let outputSchema = OutputSchema([
    "name": .text, "coordinatesText": .text, "mapLink": .url,
  ])

  public func output(named field: String) -> Output? {
    switch field {
    case "name": .text(name)
    case "coordinatesText": .text(coordinatesText)
    case "mapLink": .url(mapLink)
    default: nil
    }
  }
}

/// A link block: the page's title, address, site and picture.
public struct LinkViewModel: Outputs {
  public var title: String
  public var url: String
  public var siteName: String
  public var image: ImageViewModel?

  public static let outputSchema = OutputSchema([
    "title": .text, "url": .url, "siteName": .text, "image": .object(ImageViewModel.outputSchema),
    "hasImage": .flag,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text(title)
    case "url": .url(url)
    case "siteName": .text(siteName)
    case "image":
      .object(
        image
          ?? ImageViewModel(
            url: nil, width: 0, height: 0, altText: "", isActive: false, placeholderURL: ""))
    case "hasImage": .flag(image != nil)
    default: nil
    }
  }
}
