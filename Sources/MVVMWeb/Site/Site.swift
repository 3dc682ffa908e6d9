import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels

/// A site being put together: features add their routes, pages and links to it, then `build()`
/// loads and checks every declared template at once and returns the responder to serve.
///
/// ```swift
/// var site = Site(SiteConfiguration(templatesDirectory: "Templates"))
/// try site.add(Greetings())
/// let server = HTTPServer(configuration: …, responder: try site.build())
/// ```
public struct Site {
  /// How the site is served.
  public let configuration: SiteConfiguration
  /// Where stores publish committed changes and live pages hear of them.
  public let changes: ChangeFeed
  /// The routes so far. Features usually go through `get`, `post` and `page`; the router is
  /// here for what they do not cover (other methods).
  public var router = Router()

  let shelf: TemplateShelf
  /// Answers revalidations of pages from their data's version (see `PageValidator`).
  public let validator = PageValidator()
  let hub: LiveHub
  private var declared: [String: (type: String, schema: OutputSchema)] = [:]
  private var conflicts: [TemplateError] = []
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
      directory: configuration.templatesDirectory, fixed: !configuration.developerMode,
      metrics: configuration.metrics)
    hub = LiveHub(settings: configuration.live, changes: changes, metrics: configuration.metrics)
    if configuration.usesErrorTemplate { errorView = declare(ErrorPage.self) }
    router.get(LiveScript.path) { request in LiveScript.respond(to: request) }
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
    }
    return PageView(shelf: shelf)
  }

  /// Gives every page's layout outputs of its own, below each page's view model: the site's
  /// navigation, say. `make` builds the object once, when the site is built, with the site's
  /// link printer, so its links can be printed once rather than on every rendering.
  ///
  /// ```swift
  /// site.layout { path in Navigation(home: .web(path(Destination.home))) }
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

  /// Answers GET (and HEAD) at `pattern` (`/matches/:id`, `/static/*path`) with `handler`.
  public mutating func get(_ pattern: String, _ handler: @escaping Router.Handler) {
    router.get(pattern, handler)
  }

  /// Answers GET at `pattern` with a handler that may wait (a store, another service) without
  /// holding one of the server's threads.
  public mutating func get(_ pattern: String, _ handler: @escaping Router.AsyncHandler) {
    router.get(pattern, handler)
  }

  /// Answers POST at `pattern` with `handler`.
  public mutating func post(_ pattern: String, _ handler: @escaping Router.Handler) {
    router.post(pattern, handler)
  }

  /// Answers POST at `pattern` with a handler that may wait.
  public mutating func post(_ pattern: String, _ handler: @escaping Router.AsyncHandler) {
    router.post(pattern, handler)
  }

  /// A page in one line: declares `page` and answers GET at `pattern` with it, rendered from the
  /// view model `viewModel` builds for the request. With `following` topics it is a live page:
  /// its `m:live` elements follow the data (see `live(_:_:following:…)`). With `reading`, the
  /// view model is built and rendered on the store's threads, within their deadline.
  ///
  /// ```swift
  /// site.page("/numbers", NumbersViewModel.self, following: [.league], reading: data) { _ in
  ///   try NumbersViewModel(store: store)
  /// }
  /// ```
  @discardableResult
  public mutating func page<Declared: Page>(
    _ pattern: String, _ page: Declared.Type, following topics: Set<ChangeTopic> = [],
    reading store: StoreWork? = nil,
    viewModel: @escaping @Sendable (Request) throws -> Declared.ViewModel
  ) -> PageView<Declared> {
    let view = declare(page)
    let answer: Router.Handler = { request in view.render(try viewModel(request), for: request) }
    if !topics.isEmpty {
      live(
        pattern, view, following: topics, reading: store, viewModel: viewModel, answer: answer)
    } else if let store {
      get(pattern) { request in store.read(request) { try answer(request) } }
    } else {
      get(pattern, answer)
    }
    return view
  }

  /// Registers a live page (see `LivePages`): the page at `pattern`, and at the same address the
  /// stream of its live elements, rendered again when one of `topics` changes.
  public mutating func live<Declared: Page>(
    _ pattern: String, _ page: PageView<Declared>, following topics: Set<ChangeTopic>,
    sameForEveryone: Bool = true, keyedBy queryNames: [String] = [],
    reading store: StoreWork? = nil,
    viewModel: @escaping @Sendable (Request) throws -> Declared.ViewModel,
    answer: @escaping Router.Handler
  ) {
    LivePages(hub: hub, changes: changes, validator: validator).get(
      pattern, page, following: topics, sameForEveryone: sameForEveryone,
      keyedBy: queryNames, reading: store, in: &router, viewModel: viewModel, answer: answer)
  }

  /// Whether templates stay as loaded (not `developerMode`), so a page depends only on its data.
  public var templatesAreFixed: Bool { !configuration.developerMode }

  /// Serves the files of the public folder at `/static/*path`.
  public mutating func staticFiles() throws {
    let files = try StaticFiles(root: configuration.publicDirectory)
    get("/static/*path") { request in
      files.respond(to: request, segments: request.pathSegments.dropFirst())
    }
  }

  /// Loads and checks every declared template, with every problem at once, and returns the
  /// site's responder.
  public func build() throws -> WebSite {
    let directory = configuration.templatesDirectory
    let pages = declared.mapValues(\.schema)
    let conflicts = conflicts
    let layoutSchema = layoutSchema
    let load: @Sendable () throws(TemplateErrors) -> TemplateLibrary = {
      () throws(TemplateErrors) in
      guard conflicts.isEmpty else { throw TemplateErrors(conflicts) }
      return try TemplateLibrary(directory: directory, pages: pages, site: layoutSchema)
    }
    let source: TemplateSource =
      configuration.developerMode
      ? .reloading(ReloadingTemplates(directory: directory) { Result(catching: load) })
      : .fixed(try load())
    shelf.fill(source, links: links, layout: makeLayout(links.path(for:)))
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
      configuration: configuration, router: router, validator: validator, shelf: shelf)
  }

  /// Loads and checks the declared templates as `build()` does, without building the site:
  /// every problem at once (`check-templates`).
  public func loadTemplates() throws(TemplateErrors) -> TemplateLibrary {
    guard conflicts.isEmpty else { throw TemplateErrors(conflicts) }
    return try TemplateLibrary(
      directory: configuration.templatesDirectory, pages: declared.mapValues(\.schema),
      site: layoutSchema)
  }
}

/// The layout outputs of a site that gives none.
@Outputs
struct NoLayoutOutputs: Sendable {}
