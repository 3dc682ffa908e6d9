import Glibc

/// What happens to every parsed request between the parser and the socket: the proxy layer's
/// preparation, the built-in health check, the responder, HEAD, gzip and the access log.
struct RequestPipeline: Sendable {
  let configuration: ServerConfiguration
  let responder: any Responder
  let isDraining: @Sendable () -> Bool

  /// Answers one request, with its body already compressed when it should be.
  func respond(to request: inout Request) -> Response {
    configuration.requestPreparer?(&request)
    var response: Response
    if request.path == "/healthz" {
      if request.method == "GET" || request.method == "HEAD" {
        response = isDraining() ? .text("draining", status: .serviceUnavailable) : .text("ok")
      } else {
        response = .text(
          "/healthz answers GET and HEAD only.\n", status: .methodNotAllowed)
        response.headers.add("Allow", "GET, HEAD")
      }
      response.headers.add("Cache-Control", "no-store")
    } else {
      response = responder.respond(to: request)
    }
    if let field = response.headers.firstUnsafeField {
      // A handler let CR, LF or NUL into a header (a Location built from input, say): sending it
      // would let the client write headers of its own. It is a bug of ours, so a 500, logged.
      writeErrorLine(
        "\(request.method) \(request.path): the response header \(field.debugDescription) "
          + "holds CR, LF, NUL or an invalid name; answered 500 instead")
      response = .text(
        "Something went wrong on our side. Please try again.\n", status: .internalServerError)
      response.headers.add("Cache-Control", "no-store")
    }
    guard case .bytes(let body) = response.body else { return response }
    let compressible = isCompressible(response, body: body)
    let gzip = compressible && Gzip.isAccepted(by: request.headers)
    if compressible {
      // The answer depends on Accept-Encoding whether or not this client gets gzip.
      if !response.headers.contains("vary") { response.headers.add("Vary", "Accept-Encoding") }
    }
    if let revalidated = validated(&response, body: body, gzip: gzip, request: request) {
      return revalidated
    }
    if gzip, let compressed = Gzip.compress(body, level: 1) {
      response.body = .bytes(compressed)
      response.headers.add("Content-Encoding", "gzip")
    }
    return response
  }

  /// A page made for this request gets a strong `ETag` over its bytes, so a browser or proxy
  /// that has it already gets a 304 with no body (and no gzip work). Answers that must not be
  /// kept (`no-store`), or that carry their own validator, are left alone.
  private func validated(
    _ response: inout Response, body: [UInt8], gzip: Bool, request: Request
  ) -> Response? {
    guard response.status.code == 200, !response.headers.contains("etag"),
      !(response.headers["cache-control"]?.contains("no-store") ?? false)
    else { return nil }
    let etag = EntityTag.strong(for: body, gzip: gzip)
    response.headers.add("ETag", etag)
    guard let match = request.headers["if-none-match"], EntityTag.matches(match, etag) else {
      return nil
    }
    var notModified = Response(status: .notModified, headers: response.headers)
    notModified.headers.remove("content-type")
    return notModified
  }

  private func isCompressible(_ response: Response, body: [UInt8]) -> Bool {
    body.count > 1024 && response.status.code == 200
      && !response.headers.contains("content-encoding")
      && !response.headers.contains("content-range")
      && Gzip.isCompressible(contentType: response.headers["content-type"])
  }

  func log(_ request: Request, status: HTTPStatus, bytes: Int, started: ContinuousClock.Instant) {
    guard let accessLog = configuration.accessLog else { return }
    accessLog(
      AccessLogEntry(
        time: Double(time(nil)), client: request.clientAddress, method: request.method,
        path: request.path, status: status.code, bytes: bytes,
        duration: ContinuousClock.now - started))
  }
}
