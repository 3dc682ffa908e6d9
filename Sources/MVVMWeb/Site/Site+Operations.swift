import Logging
import MVVMWebServer

extension Site {
  /// `/metrics` (or `path`): the Prometheus text, for a scraper that connects directly from
  /// this machine or from a trusted proxy's address. Anything that came through a proxy gets a
  /// 404 like any unknown page: a request carrying any header a proxy may name a client in
  /// (`Forwarded`, `X-Forwarded-For`, `X-Real-IP`, `True-Client-IP`… see
  /// `clientAddressHeaders`), which a client can also forge, so the decision rests on the
  /// connection itself, never on what a header claims. A proxy in front must send one of them
  /// (`deploy/nginx.conf` sends `X-Forwarded-For`).
  public mutating func metricsPage(at path: String = "/metrics") {
    let configuration = configuration
    get(Route(path)) { request in
      let direct = !Self.clientAddressHeaders.contains { request.headers.contains($0) }
      let allowed: Bool =
        switch request.peer {
        case .unix: direct
        case .ip(let address, _):
          direct
            && (IPAddress(address).map {
              TrustedProxies.loopback.trusts($0) || configuration.trustedProxies.trusts($0)
            } ?? false)
        }
      guard allowed else { throw HTTPError(.notFound, "There is no page at this address.") }
      var response = Response(
        headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
        body: .bytes(configuration.metrics.exposition()))
      response.headers.add("Cache-Control", "no-store")
      return response
    }
  }

  /// The headers in which proxies and CDNs name the client they forward for: the standard one,
  /// the de facto one and those of nginx's `real_ip` module, Apache, Akamai, Cloudflare,
  /// Fastly, Rackspace and Google's load balancers.
  static let clientAddressHeaders = [
    "forwarded", "x-forwarded-for", "x-forwarded", "forwarded-for", "x-real-ip", "x-client-ip",
    "true-client-ip", "cf-connecting-ip", "fastly-client-ip", "x-cluster-client-ip",
    "x-original-forwarded-for", "x-appengine-user-ip", "client-ip",
  ]

  /// `/readyz` (or `path`): whether this instance can serve its pages now, for a load balancer
  /// or an orchestrator's readiness probe. 200 when `probe` returns (it asks the store, on the
  /// store's threads within their deadline); 503 otherwise, with the reason. `/healthz` says
  /// only that the process answers.
  public mutating func readiness(
    at path: String = "/readyz", probe: @escaping @Sendable () async throws -> Void
  ) {
    get(Route(path)) { _ in
      var response: Response
      do {
        try await probe()
        response = .text("ready\n")
      } catch {
        // The reason goes to the log; what a stranger can read says only what matters.
        Logger(label: "mvvmweb").warning("\(path): not ready: \(error)")
        response = .text("not ready: the database did not answer\n", status: .serviceUnavailable)
        response.headers.add("Retry-After", "5")
      }
      response.headers.add("Cache-Control", "no-store")
      return response
    }
  }
}
