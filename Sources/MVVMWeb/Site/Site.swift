import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels

/// A site being put together: features add their routes, pages and links to it, then `build()`
/// loads and checks every declared template at once and returns the responder to serve. With
/// `templates` the folder of the templates, and `Greetings` a feature (see `Site.add(_:allowed:)`):
///
/// ```swift
/// var site = Site(SiteConfiguration(templatesDirectory: templates))
/// try site.add(Greetings(), allowed: .everyone)
/// let website = try site.build()
/// ```
public struct Site {
  /// How the site is served.
  public let configuration: SiteConfiguration
  /// Where stores publish committed changes and live pages hear of them.
  public let changes: ChangeFeed
  /// The routes so far, added through `get`, `post`, `add`, `page`, `live` and `form`.
  package internal(set) var router = Router()

  let shelf: TemplateShelf
  /// Answers revalidations of pages from their data's version (see `PageValidator`).
  public let validator = PageValidator()
  let hub: LiveHub
  private var declared: [String: (type: String, schema: OutputSchema)] = [:]
  /// The inputs of the declared pages whose view models take some, by template.
  private var declaredInputs: [String: [InputDeclaration]] = [:]
  private var conflicts: [TemplateError] = []
  /// What is wrong with the routes added, each at its declaration's `file:line`.
  var routeProblems: [String] = []
  /// Every method and pattern registered, in order.
  public internal(set) var routes: [SiteRoute] = []
  /// The rule of the routes being registered that name none (`allowing`).
  var defaultAccess: Access?
  /// Who reads the requests' sessions (`resolveSessions(with:)`).
  var sessions: (any SessionResolver)?
  private var links = SiteLinks()
  private var errorView: PageView<ErrorPage>?
  private var layoutSchema = OutputSchema([])
  private var makeLayout: (_ path: (any Destination) -> String) -> any Outputs & Sendable = { _ in
    NoLayoutOutputs()
  }

  /// An empty site; `changes` is the feed the site's stores publish on.
  public init(_ configuration: SiteConfiguration, changes: ChangeFeed = ChangeFeed()) {
    self.configuration = configuration
    self.changes = changes
    shelf = TemplateShelf(
      directory: configuration.templatesDirectory, fixed: !configuration.developerMode)
    hub = LiveHub(settings: configuration.live, changes: changes, metrics: configuration.metrics)
    if configuration.usesErrorTemplate { errorView = declare(ErrorPage.self) }
    get(Route(LiveScript.path)) { request in LiveScript.respond(to: request) }
  }

  /// Adds a feature's routes, pages and links.
  public mutating func add(_ feature: some Feature) throws {
    try feature.register(in: &self)
  }

  /// Declares a page, so its template is loaded and checked when the site is built, and returns
  /// the view that renders it. A template declared for two types of view model stops the build.
  public mutating func declare<Declared: Page>(_ page: Declared.Type) -> PageView<Declared> {
    let name = page.template
    let type = String(reflecting: Declared.ViewModel.self)
    if let earlier = declared[name], earlier.type != type {
      conflicts.append(
        TemplateError(
          file: name, line: 0,
          message: "the page is declared for both \(earlier.type) and \(type)"))
    } else {
      declared[name] = (type, Declared.ViewModel.outputSchema)
      if let inputs = Declared.ViewModel.self as? any Inputs.Type {
        declaredInputs[name] = inputs.inputDeclarations
      }
    }
    return PageView(shelf: shelf, renderTimer: configuration.metrics.renderTimer(page: name))
  }

  /// Gives every page's layout outputs of its own, below each page's view model: the site's
  /// navigation, say. `make` builds the object once, when the site is built, with the site's
  /// link printer, so its links can be printed once rather than on every rendering.
  ///
  /// ```swift
  /// site.layout { path in SiteNavigation(path: path) }
  /// ```
  public mutating func layout<Object: Outputs & Sendable>(
    _ make: @escaping (_ path: (any Destination) -> String) -> Object
  ) {
    layoutSchema = Object.outputSchema
    makeLayout = make
  }

  /// Says how destinations of `type` print as addresses, for every template's links. The
  /// feature that owns the routes owns the printer, so a route and its links change together.
  public mutating func links<Target: Destination>(
    for type: Target.Type, _ path: @escaping @Sendable (Target) -> String
  ) {
    links.add(type, path)
  }

  /// The address of `destination`, without the base path, as the features added so far print
  /// it (`about:invalid#blocked` for one none prints): for an answer that is no page's link.
  public func path(for destination: any Destination) -> String {
    links.path(for: destination)
  }

  /// How many pages are declared.
  public var pageCount: Int { declared.count }

  /// Whether templates stay as loaded (not `developerMode`), so a page depends only on its data.
  public var templatesAreFixed: Bool { !configuration.developerMode }

  /// Serves the files of the public folder at `/static/*path`.
  public mutating func staticFiles() throws {
    let files = try StaticFiles(
      root: configuration.publicDirectory, cache: configuration.fileCache)
    get(Self.staticFiles) { request, _ in
      files.respond(to: request, segments: request.pathSegments.dropFirst())
    }
  }

  /// Loads and checks every declared template, with every problem at once, and returns the
  /// site's responder.
  public func build() throws -> WebSite {
    let routeProblems = routeProblems + RouteChecks.problems(routes) + accessProblems
    guard routeProblems.isEmpty else { throw RouteErrors(problems: routeProblems) }
    let directory = configuration.templatesDirectory
    let pages = declared.mapValues(\.schema)
    let conflicts = conflicts
    let layoutSchema = layoutSchema
    let inputs = declaredInputs
    let load: @Sendable () throws(TemplateErrors) -> TemplateLibrary = {
      () throws(TemplateErrors) in
      guard conflicts.isEmpty else { throw TemplateErrors(conflicts) }
      return try TemplateLibrary(
        directory: directory, pages: pages, site: layoutSchema, inputs: inputs,
        liveScript: LiveScript.path)
    }
    let source: TemplateSource =
      configuration.developerMode
      ? .reloading(ReloadingTemplates(directory: directory) { Result(catching: load) })
      : .fixed(try load())
    shelf.fill(
      source, links: LinksByViewer(links, routes: routes), layout: makeLayout(links.path(for:)))
    var router = router
    let errorView = errorView
    router.errorPage = { status, message, request in
      ErrorPage.response(status, message, for: request, view: errorView)
    }
    if configuration.developerMode {
      router.failurePage = { error, route, request in
        DeveloperErrorPage.failure(error, route: route, request: request)
      }
    }
    return WebSite(
      configuration: configuration, router: router, validator: validator, shelf: shelf,
      sessions: sessions)
  }

  /// Loads and checks the declared templates as `build()` does, without building the site:
  /// every problem at once (an app's `check` command).
  package func loadTemplates() throws(TemplateErrors) -> TemplateLibrary {
    guard conflicts.isEmpty else { throw TemplateErrors(conflicts) }
    return try TemplateLibrary(
      directory: configuration.templatesDirectory, pages: declared.mapValues(\.schema),
      site: layoutSchema, inputs: declaredInputs, liveScript: LiveScript.path)
  }

  /// The route of the public folder's files.
  static let staticFiles = Route("/static/*path", String.self)
}

/// The layout outputs of a site that gives none.
@Outputs
struct NoLayoutOutputs: Sendable {}
