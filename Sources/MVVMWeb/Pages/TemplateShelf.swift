import MVVMWebTemplates
import Synchronization

/// Where every `PageView` of a site finds its compiled template and the site's links: empty while
/// features declare their pages, filled once when the site is built (`Site.build()`), before the
/// server starts. One shared object, so the views made during registration see what is loaded
/// after it.
final class TemplateShelf: Sendable {
  /// The templates and the link printers, as loaded.
  struct Loaded: Sendable {
    let library: TemplateLibrary
    let links: SiteLinks
    /// What the layout binds on every page (`Site.layout(_:)`).
    let layout: any Outputs & Sendable
  }

  let directory: String
  /// Whether the templates stay as loaded (not `--dev`), so a page depends only on its data.
  let templatesAreFixed: Bool
  let metrics: AppMetrics
  private let state = Mutex<
    (source: TemplateSource, links: SiteLinks, layout: any Outputs & Sendable)?
  >(nil)

  init(directory: String, fixed: Bool, metrics: AppMetrics) {
    self.directory = directory
    templatesAreFixed = fixed
    self.metrics = metrics
  }

  /// Puts the site's templates and links on the shelf; done once, by `Site.build()`.
  func fill(_ source: TemplateSource, links: SiteLinks, layout: any Outputs & Sendable) {
    state.withLock { $0 = (source, links, layout) }
  }

  /// The templates to render with now, or every problem the folder has now (`--dev` only).
  func current() -> Result<Loaded, TemplateErrors> {
    guard let (source, links, layout) = state.withLock({ $0 }) else {
      return .failure(
        TemplateErrors([
          TemplateError(file: directory, line: 0, message: "the site is not built yet")
        ]))
    }
    return source.current().map { Loaded(library: $0, links: links, layout: layout) }
  }
}
