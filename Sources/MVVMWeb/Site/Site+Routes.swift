import MVVMWebServer
import MVVMWebViewModels

extension Site {
  /// Answers GET (and HEAD) at `route` with `handler`, which gets the route's typed values. A
  /// request whose values do not read as their types is a 404 before `handler` runs.
  ///
  /// ```swift
  /// site.get(UsersRoutes.person) { request, id in … }
  /// ```
  public mutating func get<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    add(.get, route, handler)
  }

  /// Answers GET at `route` with a handler that may wait (a store, another service) without
  /// holding one of the server's threads.
  public mutating func get<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) async throws -> Response
  ) {
    add(.get, route, handler)
  }

  /// Answers POST at `route` with `handler`. An input event (a form's fields sent as someone
  /// types) is refused here with a 400: only a form registered with `form` answers them, and
  /// never by writing.
  public mutating func post<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    add(.post, route, handler)
  }

  /// Answers POST at `route` with a handler that may wait; input events are refused.
  public mutating func post<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) async throws -> Response
  ) {
    add(.post, route, handler)
  }

  /// Answers `method` at `route` with `handler`. For any method but GET and HEAD, input events
  /// are refused (400) before `handler` runs.
  ///
  /// ```swift
  /// site.add(.delete, MatchRoutes.match) { request, id in … }
  /// ```
  public mutating func add<each Parameter: RouteParameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    let admit = admission(method, route)
    router.add(method, route.pattern) { request in
      let values = try admit(request)
      return try handler(request, repeat each values)
    }
  }

  /// Answers `method` at `route` with a handler that may wait; input events are refused as by
  /// the other `add`.
  public mutating func add<each Parameter: RouteParameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) async throws -> Response
  ) {
    let admit = admission(method, route)
    router.add(method, route.pattern) { request in
      let values = try admit(request)
      return try await handler(request, repeat each values)
    }
  }

  /// Records the route, and returns what every handler registered through `add` runs first:
  /// an input event refused at a writing method (only a form answers them, and never by
  /// writing), then the route's typed values read (a 404 when they do not read).
  private mutating func admission<each Parameter: RouteParameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>
  ) -> @Sendable (Request) throws -> (repeat each Parameter) {
    record(method, route)
    let refusesInputs = method != .get && method != .head
    return { request in
      if refusesInputs && request.isInputEvent { throw Self.takesNoInputEvents }
      return try route.values(of: request)
    }
  }

  /// A page in one line: declares `page` and answers GET at `route` with it, rendered from the
  /// view model `viewModel` builds for the request and the route's values. With `following`
  /// topics it is a live page: its `m:live` elements follow the data (see `live`). With
  /// `store`, the view model is built and rendered on the store's threads, within their
  /// deadline.
  ///
  /// ```swift
  /// site.page(LeagueNumbersFeature.route, LeagueNumbersViewModel.self, store: data, following: [.league]) { _ in
  ///   try LeagueNumbersViewModel(store: store)
  /// }
  /// ```
  @discardableResult
  public mutating func page<Declared: Page, each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ page: Declared.Type, store: StoreWork? = nil,
    following topics: Set<ChangeTopic> = [],
    viewModel: @escaping @Sendable (Request, repeat each Parameter) throws -> Declared.ViewModel
  ) -> PageView<Declared> {
    let view = declare(page)
    let build: @Sendable (Request) throws -> Declared.ViewModel = { request in
      let values = try route.values(of: request)
      return try viewModel(request, repeat each values)
    }
    if !topics.isEmpty {
      let metrics = configuration.metrics
      livePage(
        route, view, following: topics, sameForEveryone: true, store: store, viewModel: build
      ) { request in
        view.render(try Self.reading(store, request, metrics) { try build(request) }, for: request)
      }
      return view
    }
    record(.get, route, page: Declared.template, lane: store.map { _ in .read })
    let metrics = configuration.metrics
    router.get(route.pattern) { request in
      let values = try route.values(of: request)
      guard let store else {
        return view.render(try viewModel(request, repeat each values), for: request)
      }
      return store.read(request) {
        let built = try StoreFailure.reading(request, metrics) {
          try viewModel(request, repeat each values)
        }
        return view.render(built, for: request)
      }
    }
    return view
  }

  /// Registers a live page (see `LivePages`): the page at `route`, and at the same address the
  /// stream of its live elements, rendered again when one of `topics` changes. Every spelling of
  /// one address (`?page=01`, an id in capitals) is one live page: its key is printed from the
  /// route's typed values.
  public mutating func live<Declared: Page, each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ page: PageView<Declared>, store: StoreWork? = nil,
    following topics: Set<ChangeTopic>, sameForEveryone: Bool = true,
    viewModel: @escaping @Sendable (Request, repeat each Parameter) throws -> Declared.ViewModel,
    answer: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    livePage(
      route, page, following: topics, sameForEveryone: sameForEveryone, store: store,
      viewModel: { request in
        let values = try route.values(of: request)
        return try viewModel(request, repeat each values)
      },
      answer: { request in
        let values = try route.values(of: request)
        return try answer(request, repeat each values)
      })
  }

  /// `live` with the route's values read by the closures themselves.
  mutating func livePage<Declared: Page, each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ page: PageView<Declared>,
    following topics: Set<ChangeTopic>, sameForEveryone: Bool, store: StoreWork?,
    viewModel: @escaping @Sendable (Request) throws -> Declared.ViewModel,
    answer: @escaping @Sendable (Request) throws -> Response
  ) {
    record(.get, route, page: Declared.template, lane: store.map { _ in .read })
    let metrics = configuration.metrics
    LivePages(hub: hub, changes: changes, validator: validator).get(
      route.pattern, page, following: topics, sameForEveryone: sameForEveryone,
      store: store, in: &router,
      key: { request in
        let values = try route.values(of: request)
        return request.basePath + route.path(repeat each values)
      },
      viewModel: { request in
        // Every viewer of the address shares it: built from the address alone, never from a
        // query the route does not name (a draft carried back to a form, say).
        var address = request
        address.query = route.addressQuery(of: request)
        return try Self.reading(store, address, metrics) { try viewModel(address) }
      },
      answer: answer)
  }

  /// Builds a page's view model: with a store, a failure on the way is logged and answered 503,
  /// never a 404 or a 500.
  static func reading<Value>(
    _ store: StoreWork?, _ request: Request, _ metrics: AppMetrics, _ build: () throws -> Value
  ) throws -> Value {
    guard store != nil else { return try build() }
    return try StoreFailure.reading(request, metrics, build)
  }

  /// Keeps `route` at `method` for `build()`'s checks and the route list, with what is wrong
  /// with its declaration.
  mutating func record<each Parameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>, page: String? = nil,
    lane: SiteRoute.Lane? = nil
  ) {
    if let problem = route.problem, !routeProblems.contains(problem) {
      routeProblems.append(problem)
    }
    routes.append(
      SiteRoute(
        method: method, pattern: route.pattern, page: page, lane: lane,
        declaredAt: route.declaredAt))
  }

  /// The answer to an input event at an address that is no form with live inputs.
  static let takesNoInputEvents = HTTPError(
    .badRequest,
    "This address takes no input events: only a form that answers as people type does, and an "
      + "input event is never saved.")
}
