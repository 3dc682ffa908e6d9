/// An image as a page shows it: Timehop's image system for the web. It knows where the image
/// comes from, its size (so the page does not jump while it loads), its alt text, whether it is
/// loaded now or only when scrolled near (the `active` flag), and what stands in when it fails.
///
/// A class, not a struct: pages hand it to their templates once per image, and a reference is
/// cheaper to pass around than three strings.
public final class ImageViewModel: Outputs, Sendable, Equatable {
  /// Where the image is loaded from; nil when there is no image to load (the error state).
  public let url: String?
  public let width: Int
  public let height: Int
  public let altText: String
  /// False for images below the fold: the browser loads them as they come near (lazy loading).
  public let isActive: Bool
  /// What stands in when there is no image or it fails to load.
  public let placeholderURL: String

  public init(
    url: String?, width: Int, height: Int, altText: String, isActive: Bool,
    placeholderURL: String
  ) {
    self.url = url
    self.width = width
    self.height = height
    self.altText = altText
    self.isActive = isActive
    self.placeholderURL = placeholderURL
  }

  /// True when there is nothing to load and the placeholder shows instead.
  public var isFailed: Bool { url == nil }

  public static func == (left: ImageViewModel, right: ImageViewModel) -> Bool {
    left.url == right.url && left.width == right.width && left.height == right.height
      && left.altText == right.altText && left.isActive == right.isActive
      && left.placeholderURL == right.placeholderURL
  }

  public static let outputSchema = OutputSchema([
    "url": .url, "width": .text, "height": .text, "alt": .text, "lazy": .flag,
    "failed": .flag, "placeholder": .url, "loading": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "url": .url(url ?? placeholderURL)
    case "width": .text(String(width))
    case "height": .text(String(height))
    case "alt": .text(altText)
    case "lazy": .flag(!isActive)
    case "failed": .flag(isFailed)
    case "placeholder": .url(placeholderURL)
    // The HTML `loading` attribute: the web's form of the `active` flag.
    case "loading": .text(isActive ? "eager" : "lazy")
    default: nil
    }
  }
}
