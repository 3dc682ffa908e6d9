import Foundation
import MVVMWebViewModels

/// One photo of an album: the image and its caption.
@Outputs
public struct PhotoViewModel {
  public var image: ImageViewModel
  public var caption: String
}

/// A photo album block.
@Outputs
public struct PhotoAlbumViewModel {
  public var photos: [PhotoViewModel]

  public var countText: String { photos.count == 1 ? "1 photo" : "\(photos.count) photos" }
}

/// A video block: poster, duration ("2:05") and where to watch it.
@Outputs
public struct VideoViewModel {
  public var poster: ImageViewModel
  @OutputIgnored public var durationSeconds: Int
  public var link: Link

  public var durationText: String {
    let seconds = durationSeconds % 60
    return "\(durationSeconds / 60):\(seconds < 10 ? "0" : "")\(seconds)"
  }
}

/// A piece of a text block: plain text, or a web address shown as a link.
@Outputs
public struct TextSegment: Equatable {
  public var text: String
  /// The address, when this piece is one.
  public var link: Link?

  public init(text: String, isLink: Bool) {
    self.text = text
    link = isLink ? .web(text) : nil
  }
}

/// A text block, split so its http and https addresses become links (and nothing else does).
@Outputs
public struct TextWithLinksViewModel {
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
}

/// An event block: title, when and where.
@Outputs
public struct EventViewModel {
  public var title: String
  public var whenText: String
  public var place: String
}

/// A location block: the place, its coordinates in words and a map link.
@Outputs
public struct LocationViewModel {
  public var name: String
  @OutputIgnored public var latitude: Double
  @OutputIgnored public var longitude: Double

  /// "48.8584° N, 2.2945° E"
  public var coordinatesText: String {
    let north = NumberText.fixed(abs(latitude), places: 4)
    let east = NumberText.fixed(abs(longitude), places: 4)
    return "\(north)° \(latitude >= 0 ? "N" : "S"), \(east)° \(longitude >= 0 ? "E" : "W")"
  }

  /// The place on OpenStreetMap, five places (about a metre) in each coordinate.
  public var mapLink: Link {
    let lat = NumberText.fixed(latitude, places: 5)
    let lon = NumberText.fixed(longitude, places: 5)
    return .web("https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=15/\(lat)/\(lon)")
  }
}

/// A link block: the page's title, address, site and picture.
@Outputs
public struct LinkViewModel {
  public var title: String
  public var url: Link
  public var siteName: String
  public var image: ImageViewModel?
}
