import MVVMWeb

/// The client's requests by the app's own `Route` values, so a test names a page as the app
/// does and never writes its address: the route prints the path of its parameters.
///
/// ```swift
/// let answer = try await client.post(Self.point, "Ada Lovelace", form: [])
/// #expect(answer.status == 303 && answer.location == "/scores")
/// #expect(try await client.get(Self.scores).text.contains("<span>Ada Lovelace</span>"))
/// ```
extension TestClient {
  /// GETs the address `route` prints for `values`.
  public func get<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ values: repeat each Parameter,
    headers: [(name: String, value: String)] = [], followingRedirects: Bool = false
  ) async throws -> TestResponse {
    try await get(
      route.path(repeat each values), headers: headers, followingRedirects: followingRedirects)
  }

  /// POSTs the fields `form` to the address `route` prints for `values`, as `post(_:form:)`
  /// does.
  public func post<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ values: repeat each Parameter,
    form: [(name: String, value: String)], headers: [(name: String, value: String)] = [],
    crossSite: Bool = false, followingRedirects: Bool = false
  ) async throws -> TestResponse {
    try await post(
      route.path(repeat each values), form: form, headers: headers, crossSite: crossSite,
      followingRedirects: followingRedirects)
  }

  /// GETs the address `route` prints for `values` and reads it as a page, as `page(_:)` does.
  public func page<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ values: repeat each Parameter
  ) async throws -> TestPage {
    try await page(route.path(repeat each values))
  }

  /// Opens the live stream of the address `route` prints for `values`, as `follow(_:lastEventID:)`
  /// does; follow `page(route, values…)` instead to have its events applied to the page.
  public func follow<each Parameter: RouteParameter>(
    _ route: Route<repeat each Parameter>, _ values: repeat each Parameter,
    lastEventID: String? = nil
  ) async throws -> TestEventStream {
    try await follow(route.path(repeat each values), lastEventID: lastEventID)
  }
}
