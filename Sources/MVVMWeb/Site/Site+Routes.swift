import MVVMWebServer
import MVVMWebViewModels

extension Site {
  /// Answers GET (and HEAD) at `route` with `handler`, which gets the route's typed values. A
  /// request the rule `allowed` refuses (everyone, when the group says nothing either) never
  /// reaches `handler`, nor does one whose values do not read as their types (a 404).
  ///
  /// ```swift
  /// site.get(UsersRoutes.person) { request, id in
  ///   let user = try user(id)
  ///   let avatar = avatars.avatar(firstName: user.firstName, lastName: user.lastName)
  ///   return personPage.render(PersonViewModel(user: user, avatar: avatar), for: request)
  /// }
  /// ```
  public mutating func get<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, allowed access: Access? = nil,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    add(.get, route, allowed: access, handler)
  }

  /// Answers GET at `route` with a handler that may wait (a store, another service) without
  /// holding one of the server's threads.
  public mutating func get<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, allowed access: Access? = nil,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) async throws -> Response
  ) {
    add(.get, route, allowed: access, handler)
  }

  /// Answers POST at `route` with `handler`, for those the rule `allowed` lets through: a route
  /// that writes names its rule (here or with its group's `allowing`), or the site does not
  /// build. An input event (a form's fields sent as someone types) is refused here with a 400:
  /// only a form registered with `form` answers them, and never by writing.
  public mutating func post<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, allowed access: Access? = nil,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    add(.post, route, allowed: access, handler)
  }

  /// Answers POST at `route` with a handler that may wait; input events are refused.
  public mutating func post<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, allowed access: Access? = nil,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) async throws -> Response
  ) {
    add(.post, route, allowed: access, handler)
  }

  /// Answers `method` at `route` with `handler`, for those the rule `allowed` lets through. For
  /// any method but GET and HEAD, the route names its rule, and input events are refused (400)
  /// before `handler` runs.
  ///
  /// ```swift
  /// site.add(.delete, Self.match, allowed: .everyone) { _, _ in
  ///   deleted.add(1, ordering: .relaxed)
  ///   return .text("deleted")
  /// }
  /// ```
  public mutating func add<each Parameter: RouteParameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>, allowed access: Access? = nil,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    let admit = admission(method, route, access)
    router.add(method, route.pattern) { request in
      let values = try admit(request)
      return try handler(request, repeat each values)
    }
  }

  /// Answers `method` at `route` with a handler that may wait; input events are refused as by
  /// the other `add`.
  public mutating func add<each Parameter: RouteParameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>, allowed access: Access? = nil,
    _ handler: @escaping @Sendable (Request, repeat each Parameter) async throws -> Response
  ) {
    let admit = admission(method, route, access)
    router.add(method, route.pattern) { request in
      let values = try admit(request)
      return try await handler(request, repeat each values)
    }
  }

  /// Records the route, and returns what every handler registered through `add` runs first:
  /// the route's rule (`allowed`), an input event refused at a writing method (only a form
  /// answers them, and never by writing), then the route's typed values read (a 404 when they
  /// do not read).
  private mutating func admission<each Parameter: RouteParameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>, _ access: Access?
  ) -> @Sendable (Request) throws -> (repeat each Parameter) {
    let gate = record(method, route, access: access)
    let refusesInputs = method != .get && method != .head
    return { request in
      try gate.check(request)
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
  /// site.page(Self.route, LeagueNumbersViewModel.self, store: data, following: [.league]) { _ in
  ///   try LeagueNumbersViewModel(store: store)
  /// }
  /// ```
  @discardableResult
  public mutating func page<Declared: Page, each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ page: Declared.Type, store: StoreWork? = nil,
    following topics: Set<ChangeTopic> = [], allowed access: Access? = nil,
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
        route, view, following: topics, sameForEveryone: true, store: store, access: access,
        viewModel: build
      ) { request in
        view.render(try Self.reading(store, request, metrics) { try build(request) }, for: request)
      }
      return view
    }
    let gate = record(
      .get, route, page: Declared.template, lane: store.map { _ in .read }, access: access)
    let metrics = configuration.metrics
    router.get(route.pattern) { request in
      try gate.check(request)
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
    allowed access: Access? = nil,
    viewModel: @escaping @Sendable (Request, repeat each Parameter) throws -> Declared.ViewModel,
    answer: @escaping @Sendable (Request, repeat each Parameter) throws -> Response
  ) {
    livePage(
      route, page, following: topics, sameForEveryone: sameForEveryone, store: store,
      access: access,
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
    access: Access?,
    viewModel: @escaping @Sendable (Request) throws -> Declared.ViewModel,
    answer: @escaping @Sendable (Request) throws -> Response
  ) {
    let gate = record(
      .get, route, page: Declared.template, lane: store.map { _ in .read }, access: access)
    let metrics = configuration.metrics
    LivePages(hub: hub, changes: changes, validator: validator).get(
      route.pattern, page, following: topics, sameForEveryone: sameForEveryone,
      store: store, gate: gate, in: &router,
      key: { request in
        // One live page per address and kind of viewer: rendered once for all who share it.
        let values = try route.values(of: request)
        let kind = request.session.map { "\u{1F}" + $0.role } ?? ""
        return request.basePath + route.path(repeat each values) + kind
      },
      viewModel: { request in
        // Every viewer of the address and role shares it: built from the address alone, never
        // from a query the route does not name (a draft carried back to a form, say), nor from
        // who the viewer is beyond their role.
        var address = Self.shared(request)
        address.query = route.addressQuery(of: request)
        return try Self.reading(store, address, metrics) { try viewModel(address) }
      },
      answer: { request in try answer(Self.shared(request)) })
  }

  /// `request` as a live page's view model sees it: the viewer's role, not who they are.
  static func shared(_ request: Request) -> Request {
    guard let session = request.session else { return request }
    var shared = request
    shared.session = .sharedBy(Role(session.role))
    return shared
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
  /// with its declaration, and returns the gate of its rule (`access`, or the group's).
  @discardableResult
  mutating func record<each Parameter>(
    _ method: HTTPMethod, _ route: Route<repeat each Parameter>, page: String? = nil,
    lane: SiteRoute.Lane? = nil, access: Access?
  ) -> AccessGate {
    if let problem = route.problem, !routeProblems.contains(problem) {
      routeProblems.append(problem)
    }
    let rule = rule(method, access)
    routes.append(
      SiteRoute(
        method: method, pattern: route.pattern, page: page, lane: lane, access: rule,
        declaredAt: route.declaredAt))
    // A route without a rule does not build; were it served, it would let nobody through.
    return AccessGate(access: rule ?? .roles([]))
  }

  /// The answer to an input event at an address that is no form with live inputs.
  static let takesNoInputEvents = HTTPError(
    .badRequest,
    "This address takes no input events: only a form that answers as people type does, and an "
      + "input event is never saved.")
}
