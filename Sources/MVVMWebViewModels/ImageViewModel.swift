/// An image as a page shows it: Timehop's image system for the web. It knows where the image
/// comes from, its size (so the page does not jump while it loads), its alt text, whether it is
/// loaded now or only when scrolled near (the `active` flag), and what stands in when it fails.
@Outputs
public struct ImageViewModel: Sendable, Equatable {
  /// What the page loads: the image, or the placeholder when there is none (the error state).
  public let url: Link
  /// The image's width in CSS pixels, so the page keeps its place while it loads.
  public let width: Int
  /// The image's height in CSS pixels.
  public let height: Int
  /// What the image shows, in words, for whoever cannot see it.
  public let alt: String
  /// What stands in when there is no image or it fails to load (already in `url` then).
  @OutputIgnored public let placeholder: Link
  /// False for images below the fold: the browser loads them as they come near (lazy loading).
  @OutputIgnored public let isActive: Bool
  /// True when there is nothing to load and the placeholder shows instead.
  @OutputIgnored public let failed: Bool
  /// The HTML `loading` attribute: the web's form of the `active` flag. Stored rather than
  /// computed, so a page reads it in place like the other stored outputs.
  public let loading: String

  /// An image from `source`, or the placeholder when there is none. `isActive` is false for images
  /// below the fold, which load as they come near.
  public init(
    source: Link?, width: Int, height: Int, alt: String, isActive: Bool, placeholder: Link
  ) {
    self.url = source ?? placeholder
    self.width = width
    self.height = height
    self.alt = alt
    self.placeholder = placeholder
    self.isActive = isActive
    self.failed = source == nil
    self.loading = isActive ? "eager" : "lazy"
  }
}

/// A file among the app's static files (`Public/`), by name: the stand-ins and icons a view model
/// may show. The web layer decides where static files are served.
public struct Asset: Destination, Hashable {
  /// The file's path inside the public folder (`"placeholder.svg"`).
  public let file: String

  /// The static file `file` (`Asset("avatar.svg")`).
  public init(_ file: String) {
    self.file = file
  }
}
