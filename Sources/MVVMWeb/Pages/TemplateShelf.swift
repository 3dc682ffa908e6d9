import MVVMWebTemplates
import Synchronization

/// Where every `PageView` of a site finds its compiled template and the site's links: empty while
/// features declare their pages, filled once when the site is built (`Site.build()`), before the
/// server starts. One shared object, so the views made during registration see what is loaded
/// after it.
final class TemplateShelf: Sendable {
  /// The templates, the link printers and the layout's outputs, as loaded. A class, so a render
  /// takes it from the shelf with one retain rather than one per field.
  final class Loaded: Sendable {
    let library: TemplateLibrary
    /// The site's links, as each kind of viewer may use them.
    let links: LinksByViewer
    /// What the layout binds on every page (`Site.layout(_:)`).
    let layout: any Outputs & Sendable

    init(library: TemplateLibrary, links: LinksByViewer, layout: any Outputs & Sendable) {
      self.library = library
      self.links = links
      self.layout = layout
    }
  }

  /// Nothing yet; templates loaded once (made into `Loaded` then); or loaded again as the
  /// folder changes (`--dev`).
  private enum State {
    case empty
    case fixed(Loaded)
    case reloading(ReloadingTemplates, LinksByViewer, any Outputs & Sendable)
  }

  let directory: String
  /// Whether the templates stay as loaded (not `--dev`), so a page depends only on its data.
  let templatesAreFixed: Bool
  private let state = Mutex<State>(.empty)

  init(directory: String, fixed: Bool) {
    self.directory = directory
    templatesAreFixed = fixed
  }

  /// Puts the site's templates and links on the shelf; done once, by `Site.build()`.
  func fill(_ source: TemplateSource, links: LinksByViewer, layout: any Outputs & Sendable) {
    let filled: State =
      switch source {
      case .fixed(let library): .fixed(Loaded(library: library, links: links, layout: layout))
      case .reloading(let templates): .reloading(templates, links, layout)
      }
    state.withLock { $0 = filled }
  }

  /// The templates to render with now, or every problem the folder has now (`--dev` only).
  func current() -> Result<Loaded, TemplateErrors> {
    switch state.withLock({ $0 }) {
    case .fixed(let loaded):
      return .success(loaded)
    case .reloading(let templates, let links, let layout):
      return templates.current().map { Loaded(library: $0, links: links, layout: layout) }
    case .empty:
      return .failure(
        TemplateErrors([
          TemplateError(file: directory, line: 0, message: "the site is not built yet")
        ]))
    }
  }
}
