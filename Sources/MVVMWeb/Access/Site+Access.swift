import MVVMWebServer
import MVVMWebViewModels

extension Site {
  /// Adds `feature`, with `access` the rule of each of its routes that names none of its own.
  /// A feature whose post names no rule (`Greetings`, a page and a post at `/`), for everyone;
  /// added without one, the site would not build:
  ///
  /// ```swift
  /// try site.add(Greetings(), allowed: .everyone)
  /// ```
  public mutating func add(_ feature: some Feature, allowed access: Access) throws {
    try allowing(access) { site in try site.add(feature) }
  }

  /// Runs `register` with `access` the rule of each route it registers that names none of its
  /// own: a group of routes for the same people.
  public mutating func allowing(
    _ access: Access, _ register: (inout Site) throws -> Void
  ) rethrows {
    let outer = defaultAccess
    defaultAccess = access
    defer { defaultAccess = outer }
    try register(&self)
  }

  /// Finds who is asking before any route is chosen: `resolver` reads a request's session (a
  /// cookie) and sets `Request.session`, or leaves it nil. The accounts module gives one; without
  /// one, every request is signed out, and a site whose rules name anyone but everyone does not
  /// build.
  public mutating func resolveSessions(with resolver: any SessionResolver) {
    sessions = resolver
    resolver.whenSessionsEnd { [hub] ended in hub.end(ended) }
  }

  /// Every role a rule names, and `admin`: the roles an account may be given.
  public var roles: Set<Role> {
    routes.reduce([.admin]) { roles, route in roles.union(route.access?.roles ?? []) }
  }

  /// The rule of a route registered at `method` with `access` given: `access`, else the group's,
  /// else everyone for a route that only reads; nil, refused when the site is built, for a route
  /// that writes and says nothing of who may.
  func rule(_ method: HTTPMethod, _ access: Access?) -> Access? {
    access ?? defaultAccess ?? (method == .get || method == .head ? .everyone : nil)
  }

  /// What is wrong with the site's rules as a whole: each route that writes with no rule, and
  /// rules that need people signed in on a site that has no way to sign them in.
  var accessProblems: [String] {
    var problems = routes.filter { $0.access == nil }.map { route in
      "\(route.declaredAt): \(route.method) \(route.pattern) writes but says nothing of who may: "
        + "add allowed: .everyone, .signedIn or .role(…) to its registration"
    }
    if problems.isEmpty, sessions == nil,
      let first = routes.first(where: { $0.access != nil && $0.access != .everyone })
    {
      problems.append(
        "\(first.declaredAt): \(first.method) \(first.pattern) is for people signed in, but the "
          + "site has no accounts: add them (try site.addAccounts(context)) or allow everyone")
    }
    return problems
  }
}
