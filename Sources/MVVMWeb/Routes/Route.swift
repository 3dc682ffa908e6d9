import MVVMWebServer

/// An address of the app, declared once: it routes requests (`Site.get`, `Site.post`,
/// `Site.form`) and prints links, redirects and form actions, so an address cannot be matched one
/// way and printed another. Its parameters are typed, in the order the pattern names them:
/// `:name` for one path segment, a trailing `*name` for the rest of the path, and `?name&other`
/// for query parameters. A request whose parameters do not read as their types is a 404 before
/// any handler runs; a handler gets the typed values. One of each kind:
///
/// ```swift
/// static let match = Route("/matches/:id/edit", UUID.self)
/// static let list = Route("/matches?page", PageNumber.self)
/// static let file = Route("/files/*path", String.self)
/// static let issue = Route("/issues/:key/items/:n?note", String.self, Int.self, String?.self)
/// ```
///
/// Each handler gets its route's values:
///
/// ```swift
/// site.get(Self.match) { _, id in .text("match \(id.uuidString)") }
/// site.get(Self.list) { _, page in .text("page \(page.number)") }
/// ```
///
/// and the same route prints the address:
///
/// ```swift
/// let id = UUID(uuidString: "0D6E4F2A-1B3C-4D5E-8F90-A1B2C3D4E5F6")!
/// #expect(Self.match.path(id) == "/matches/0d6e4f2a-1b3c-4d5e-8f90-a1b2c3d4e5f6/edit")
/// #expect(Self.list.path(.first) == "/matches")
/// #expect(Self.list.path(PageNumber(3)!) == "/matches?page=3")
/// ```
public struct Route<each Parameter: RouteParameter>: Sendable {
  /// The pattern as declared, without its query part: what the router matches and the metrics
  /// name.
  public let pattern: String
  let pieces: [RoutePiece]
  /// The query parameters, after the path's.
  let queryNames: [String]
  /// The 404's words when a parameter names nothing, instead of its type's.
  let notFound: String?
  /// What is wrong with the declaration, with its `file:line`, reported when the site is built;
  /// nil when nothing is.
  let problem: String?
  /// Where the route is declared (`LeagueWeb/LeagueRoutes.swift:12`), for what the site's checks
  /// say of it.
  let declaredAt: String

  /// The route of `pattern`, whose parameters (path segments, then query names) read as
  /// `types`, in order. `notFound` replaces the 404's words when one of them names nothing.
  /// A declaration whose names and types do not match is refused when the site is built.
  public init(
    _ pattern: String, _ types: repeat (each Parameter).Type, notFound: String? = nil,
    fileID: String = #fileID, line: Int = #line
  ) {
    var count = 0
    for _ in repeat each types { count += 1 }
    let parts = pattern.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])  // trap-ok: split always gives at least one part
    let pieces = Self.pieces(of: path)
    let queryNames = parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []
    self.pattern = path.isEmpty ? "/" : path
    self.pieces = pieces
    self.queryNames = queryNames
    self.notFound = notFound
    declaredAt = "\(fileID):\(line)"
    problem = Self.problem(path, pieces, queryNames, types: count).map {
      "\(fileID):\(line): the route \(pattern) is refused: \($0)"
    }
  }

  private init(copying route: Route, pattern: String, pieces: [RoutePiece]) {
    self.pattern = pattern
    self.pieces = pieces
    queryNames = route.queryNames
    notFound = route.notFound
    problem = route.problem
    declaredAt = route.declaredAt
  }

  /// The same route under `prefix` (`"/league"`): a feature's routes grouped under one path.
  public func under(_ prefix: String) -> Route {
    let trimmed = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    let joined = trimmed + (pattern == "/" && !trimmed.isEmpty ? "" : pattern)
    return Route(copying: self, pattern: joined, pieces: Self.pieces(of: trimmed) + pieces)
  }

  /// The pieces of a path pattern, segment by segment.
  private static func pieces(of path: String) -> [RoutePiece] {
    path.split(separator: "/").map { part in
      if part.hasPrefix(":") { return .segment(String(part.dropFirst())) }
      if part.hasPrefix("*") { return .rest(String(part.dropFirst())) }
      return .literal(String(part))
    }
  }

  private static func problem(
    _ path: String, _ pieces: [RoutePiece], _ queryNames: [String], types: Int
  ) -> String? {
    guard path.hasPrefix("/") else { return "a route's pattern starts with /" }
    var names: [String] = []
    for (index, piece) in pieces.enumerated() {
      switch piece {
      case .literal: continue
      case .segment(let name): names.append(name)
      case .rest(let name):
        guard index == pieces.count - 1 else {
          return "*\(name) must be the pattern's last segment"
        }
        names.append(name)
      }
    }
    names += queryNames
    if let empty = names.firstIndex(where: \.isEmpty) {
      return "parameter \(empty + 1) has no name"
    }
    if Set(names).count != names.count { return "two parameters have the same name" }
    guard names.count == types else {
      return "it names \(names.count) parameter(s) (\(names.joined(separator: ", "))) "
        + "but gives \(types) type(s)"
    }
    return nil
  }

  // MARK: Printing

  /// The address of `values`, without the site's base path: each `:name` value encoded as one
  /// segment, a `*name` value as the segments its slashes separate, and each query value left
  /// out when it is its type's default.
  public func path(_ values: repeat each Parameter) -> String {
    var texts: [(text: String, isDefault: Bool)] = []
    for value in repeat each values {
      texts.append((value.routeText, Self.isDefault(value)))
    }
    return printed(texts)
  }

  /// The address of `values` with `query` pairs after the route's own (a form's draft carried
  /// through a child flow).
  public func path(
    _ values: repeat each Parameter, query: [(name: String, value: String)]
  ) -> String {
    let base = path(repeat each values)
    guard !query.isEmpty else { return base }
    return base + (base.utf8.contains(UInt8(ascii: "?")) ? "&" : "?")
      + queryString(query).dropFirst()
  }

  private static func isDefault<Value: RouteParameter>(_ value: Value) -> Bool {
    Value.whenAbsent.map { $0.routeText == value.routeText } ?? false
  }

  private func printed(_ texts: [(text: String, isDefault: Bool)]) -> String {
    var path = ""
    var next = 0
    for piece in pieces {
      switch piece {
      case .literal(let text): path += "/" + text
      case .segment:
        path += "/" + (next < texts.count ? texts[next].text.pathSegment : "")
        next += 1
      case .rest:
        // The rest of the path is several segments: each is encoded, the slashes kept, so the
        // address routes back to the same value.
        path += "/" + (next < texts.count ? SiteLinks.encodedSegments(texts[next].text) : "")
        next += 1
      }
    }
    if path.isEmpty { path = "/" }
    var query: [(name: String, value: String)] = []
    for name in queryNames {
      defer { next += 1 }
      guard next < texts.count, !texts[next].isDefault else { continue }
      query.append((name, texts[next].text))
    }
    return path + queryString(query)
  }

  // MARK: Reading

  /// The typed values of a routed request, or the 404 that says what named nothing.
  func values(of request: Request) throws(HTTPError) -> (repeat each Parameter) {
    var texts: [String?] = []
    for piece in pieces {
      switch piece {
      case .literal: continue
      case .segment(let name), .rest(let name): texts.append(request.routeParameters[name])
      }
    }
    for name in queryNames { texts.append(request.query[name]) }
    var next = 0
    func read<Value: RouteParameter>(_ type: Value.Type) throws -> Value {
      defer { next += 1 }
      let text = next < texts.count ? texts[next] : nil
      guard let text else {
        if let value = Value.whenAbsent { return value }
        throw HTTPError(.notFound, self.notFound ?? "There is no page at this address.")
      }
      guard let value = Value(routeText: text) else {
        // The route's words are looked up only for a refusal, never on the way to a handler.
        throw HTTPError(.notFound, self.notFound ?? Value.notFound(text, place: self.place))
      }
      return value
    }
    do {
      return (repeat try read((each Parameter).self))
    } catch let error as HTTPError {
      throw error
    } catch {
      throw HTTPError(.notFound, "There is no page at this address.")
    }
  }

  /// The query parameters of `request` that the route names (`?page=2`), without the rest.
  func addressQuery(of request: Request) -> Parameters {
    Parameters(request.query.pairs.filter { queryNames.contains($0.name) })
  }

  /// The route's last fixed segment, which names what its addresses show (`matches`).
  private var place: String {
    for piece in pieces.reversed() {
      if case .literal(let text) = piece { return text }
    }
    return "site"
  }
}

/// One piece of a route's path pattern: a fixed segment, a `:name` segment or the `*name` rest.
enum RoutePiece: Sendable, Equatable {
  case literal(String)
  case segment(String)
  case rest(String)
}
