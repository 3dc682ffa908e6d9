import Glibc
import Logging

/// What happens to every parsed request between the parser and the socket: the proxy layer's
/// preparation, the built-in health check, the responder, HEAD, gzip and the access log.
///
/// A class that every connection shares, so a call copies one reference rather than every field
/// of the configuration.
final class RequestPipeline: Sendable {
  let configuration: ServerConfiguration
  let responder: any Responder
  let isDraining: @Sendable () -> Bool
  let recentlyCompressed: RecentlyCompressed

  init(
    configuration: ServerConfiguration, responder: any Responder,
    isDraining: @escaping @Sendable () -> Bool, recentlyCompressed: RecentlyCompressed
  ) {
    self.configuration = configuration
    self.responder = responder
    self.isDraining = isDraining
    self.recentlyCompressed = recentlyCompressed
  }

  /// Answers one request, with its body already compressed when it should be. The request's id
  /// goes into the answer's head as `X-Request-Id` (`ResponseHead`), in place of any a handler set.
  /// An answer made later (`Response.later`) comes back as it is; the connection passes it
  /// through `finish` once it is made.
  func respond(to request: inout Request) -> Response {
    request.id = RequestID.next()
    configuration.requestPreparer?(&request)
    let response =
      request.path == "/healthz" ? healthCheck(request) : responder.respond(to: request)
    return finish(response, for: request)
  }

  /// `/healthz`: the process answers. It never asks the app, so no store, lock or slow handler
  /// can make a live process look dead.
  private func healthCheck(_ request: Request) -> Response {
    var response: Response
    if request.method == "GET" || request.method == "HEAD" {
      response = isDraining() ? .text("draining", status: .serviceUnavailable) : .text("ok")
    } else {
      response = .text("/healthz answers GET and HEAD only.\n", status: .methodNotAllowed)
      response.headers.add("Allow", "GET, HEAD")
    }
    response.headers.add("Cache-Control", "no-store")
    response.route = "/healthz"
    return response
  }

  /// What every answer goes through once it is made: no header may carry CR, LF or NUL, a page
  /// gets its strong `ETag` (and a 304 when the client has it), and gzip when the client takes it.
  func finish(_ response: Response, for request: Request) -> Response {
    var response = response
    response.headers.remove("X-Request-Id")
    if case .later = response.body { return response }
    if let error = response.failure {
      // Async code failed outside a router, which would have made its error page.
      configuration.logger.error(
        "\(request.method) \(request.path) failed: \(error)",
        metadata: ["request-id": "\(request.id)"])
      response = .ourFault
    }
    if let field = response.headers.firstUnsafeField {
      // A handler let CR, LF or NUL into a header (a Location built from input, say): sending it
      // would let the client write headers of its own. It is a bug of ours, so a 500, logged.
      configuration.logger.error(
        """
        \(request.method) \(request.path): the response header \(field.debugDescription) \
        holds CR, LF, NUL or an invalid name; answered 500 instead
        """,
        metadata: ["request-id": "\(request.id)"])
      response = .ourFault
    }
    guard case .bytes(let body) = response.body else { return response }
    let compressible = isCompressible(response, body: body)
    let gzip = compressible && Gzip.isAccepted(by: request.headers)
    if compressible {
      // The answer depends on Accept-Encoding whether or not this client gets gzip.
      response.headers.addVary("Accept-Encoding")
    }
    let needsTag = needsStrongTag(response)
    guard needsTag || gzip else { return response }
    // One hash of the page serves its ETag and finding the gzip body made for it last time.
    let hash = EntityTag.hash(of: body)
    if needsTag, let revalidated = validated(&response, hash: hash, gzip: gzip, request: request) {
      return revalidated
    }
    if gzip,
      let compressed = recentlyCompressed.gzip(
        body, hash: hash, compress: { Gzip.compress($0, level: 1) })
    {
      response.body = .bytes(compressed)
      response.headers.add("Content-Encoding", "gzip")
    }
    return response
  }

  /// Whether a page made for this request gets a strong `ETag` over its bytes. Answers that must
  /// not be kept (`no-store`), or that carry their own validator, are left alone.
  private func needsStrongTag(_ response: Response) -> Bool {
    response.status.code == 200 && !response.headers.contains("etag")
      && !response.headers.hasToken("no-store", in: "cache-control")
  }

  /// Adds the strong `ETag` of a page whose bytes hash to `hash`; a browser or proxy that has
  /// the page already gets a 304 with no body (and no gzip work).
  private func validated(
    _ response: inout Response, hash: UInt64, gzip: Bool, request: Request
  ) -> Response? {
    let etag = EntityTag.strong(hash: hash, gzip: gzip)
    response.headers.add("ETag", etag)
    guard let match = request.headers["if-none-match"], EntityTag.matches(match, etag) else {
      return nil
    }
    let kept = response.headers.fields.filter { field in
      Self.notModifiedFields.contains { HTTPHeaders.same($0, field.name) }
    }
    return Response(status: .notModified, headers: HTTPHeaders(kept))
  }

  /// What a 304 carries of the page's fields: those a cache updates in the copy it keeps (RFC
  /// 9110 §15.4.5), and a cookie the page sets. The rest (its type, the app's security headers)
  /// stay as the stored copy has them (RFC 9111 §4.3.4).
  private static let notModifiedFields = [
    "cache-control", "content-location", "etag", "expires", "vary", "set-cookie",
  ]

  private func isCompressible(_ response: Response, body: [UInt8]) -> Bool {
    response.allowsCompression && body.count > 1024 && response.status.code == 200
      && !response.headers.contains("content-encoding")
      && !response.headers.contains("content-range")
      && Gzip.isCompressible(contentType: response.headers["content-type"])
  }

  /// The access line: `GET /matches?page=2 200 5120 0.412ms`, then who asked, for which host,
  /// under which prefix, with which browser, and the request id.
  func log(
    _ request: Request, route: String?, status: HTTPStatus, bytes: Int,
    started: ContinuousClock.Instant
  ) {
    let elapsed = ContinuousClock.now - started
    configuration.metrics.served(route: route, status: status.code, duration: elapsed)
    guard configuration.logsRequests else { return }
    let microseconds =
      elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
    let milliseconds = "\(microseconds / 1000).\(String(1000 + microseconds % 1000).dropFirst())ms"
    var metadata: Logger.Metadata = [
      "client": "\(request.clientAddress)", "request-id": "\(request.id)",
    ]
    if let host = request.host { metadata["host"] = "\(host)" }
    if !request.basePath.isEmpty { metadata["prefix"] = "\(request.basePath)" }
    if let agent = request.headers["user-agent"] { metadata["user-agent"] = "\(agent)" }
    configuration.logger.info(
      "\(request.method) \(request.target) \(status.code) \(bytes) \(milliseconds)",
      metadata: metadata)
  }

  /// A request refused before it reached the app (400, 408, 413, 414, 431, 501, 503).
  func logRefusal(_ status: HTTPStatus, _ message: String, peer: PeerAddress) {
    configuration.metrics.refused(status: status.code)
    configuration.logger.notice(
      "refused \(status.code): \(message)", metadata: ["client": "\(peer.host)"])
  }

}
