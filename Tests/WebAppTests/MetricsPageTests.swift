import MVVMWeb
import Testing

/// `/metrics`: the Prometheus text of what the server and the app counted, for this machine and
/// the trusted proxies only.
@Suite(.timeLimit(.minutes(2))) struct MetricsPageTests {
  @Test func countsRequestsByRoutePatternRendersAndConnections() async throws {
    let app = try await AppHarness(demo: true)
    #expect(try await app.get("/matches").status == 200)
    #expect(try await app.get("/nowhere/at/all").status == 404)
    let metrics = try await app.get("/metrics")
    #expect(metrics.status == 200)
    #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
    #expect(metrics.header("Cache-Control") == "no-store")
    let lines = Set(metrics.text.split(separator: "\n").map(String.init))
    #expect(lines.contains(#"http_requests_total{route="/matches",status="200"} 1"#))
    #expect(lines.contains(#"http_requests_total{route="unmatched",status="404"} 1"#))
    #expect(lines.contains(#"http_request_duration_seconds_count{route="/matches"} 1"#))
    #expect(lines.contains(#"mvvmweb_render_seconds_count{page="matches.xhtml"} 1"#))
    #expect(lines.contains("http_open_streams 0.0"))
    // At least the connection asking for /metrics is open (earlier ones may still be closing).
    let open = lines.first { $0.hasPrefix("http_open_connections ") }?.split(separator: " ").last
    #expect(open.flatMap { Double($0) }.map { $0 >= 1 && $0 <= 3 } == true)
  }

  @Test func aClientForwardedByAProxyGetsNotFound() async throws {
    let app = try await AppHarness()
    let forwarded = try await app.get("/metrics", headers: [("X-Forwarded-For", "203.0.113.9")])
    #expect(forwarded.status == 404)
    // A header claiming a local client decides nothing: only the connection does.
    for claim in ["for=127.0.0.1", "for=unix"] {
      #expect(try await app.get("/metrics", headers: [("Forwarded", claim)]).status == 404)
    }
    #expect(try await app.get("/metrics").status == 200)
  }

  /// Every header a proxy may name its client in says the request came through one, whichever
  /// a proxy sets (nginx configurations that set only `X-Real-IP` are common).
  @Test(arguments: [
    "X-Real-IP", "X-Client-IP", "True-Client-IP", "CF-Connecting-IP", "Fastly-Client-IP",
    "X-Cluster-Client-IP", "Forwarded-For", "X-Forwarded", "Client-IP",
  ])
  func anyClientAddressHeaderSaysAProxyForwardedIt(header: String) async throws {
    let app = try await AppHarness()
    #expect(try await app.get("/metrics", headers: [(header, "203.0.113.9")]).status == 404)
  }
}
