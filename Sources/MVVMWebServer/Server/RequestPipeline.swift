import Dispatch
import Logging

/// What happens to every parsed request between the parser and the socket: the proxy layer's
/// preparation, the app's middleware and responder, the header check no answer skips, and the
/// access log.
///
/// A class that every connection shares, so a call copies one reference rather than every field
/// of the configuration.
final class RequestPipeline: Sendable {
  let configuration: ServerConfiguration
  let draining: DrainingState
  /// What each connection's queue is called (the configuration's label), made once.
  let connectionQueueLabel: String
  /// The bytes waiting for every open stream together, held to the configuration's budget.
  let streamBacklog: StreamBacklog
  /// The configuration's `answerHeaders` as they go on the wire, written once here: every
  /// answer's head copies these bytes instead of writing and checking the fields anew.
  let answerHeaderLines: [UInt8]
  /// The configuration's timeouts, ready for a connection's timer.
  let timeouts: ConnectionTimeouts
  private let chain: Chain

  init(configuration: ServerConfiguration, responder: any Responder, draining: DrainingState) {
    self.configuration = configuration
    timeouts = ConnectionTimeouts(configuration)
    self.draining = draining
    connectionQueueLabel = configuration.label + ".connection"
    streamBacklog = StreamBacklog(budget: configuration.maxStreamBacklog)
    chain = Chain(configuration.middleware, then: responder, draining: draining)
    var lines: [UInt8] = []
    for field in configuration.answerHeaders.fields {
      guard HTTPHeaders([field]).firstUnsafeField == nil else {
        configuration.logger.error(
          "the answer header \(field.name.debugDescription) holds CR, LF, NUL or an invalid name; left out"
        )
        continue
      }
      lines += Array("\(field.name): \(field.value)\r\n".utf8)
    }
    answerHeaderLines = lines
  }

  /// Answers one request, through the middleware to the responder. What they set on the request
  /// (its id, the real client) stays on it for the access line, and its id goes into the
  /// answer's head as `X-Request-Id` (`ResponseHead`), in place of any a handler set. An answer
  /// made later (`Response.later`) comes back as it is; the connection passes it through
  /// `finish` once it is made.
  func respond(to request: inout Request) -> Response {
    configuration.requestPreparer?(&request)
    var response = chain.respond(to: &request, from: chain.first)
    if request.id.withHeaderBytes({ HTTPHeaders.holdsLineBreakOrNUL($0) }) {
      // A middleware let CR, LF or NUL into the id, which goes into a header: a bug of ours.
      let unsafe = request.id
      request.id = RequestID.next()
      configuration.logger.error(
        """
        \(request.method) \(request.path): the request id \(unsafe.debugDescription) holds CR, \
        LF or NUL; answered 500 under a new one
        """,
        metadata: request.idMetadata)
      response = .ourFault
    }
    finish(&response, for: request)
    return response
  }

  /// What every answer goes through once it is made, after the middleware: no header may carry
  /// CR, LF or NUL, and a failure no router answered is a logged 500.
  func finish(_ response: inout Response, for request: Request) {
    response.headers.remove("X-Request-Id")
    if case .later = response.body { return }
    if let error = response.failure {
      // Async code failed outside a router, which would have made its error page.
      configuration.logger.error(
        "\(request.method) \(request.path) failed: \(error)",
        metadata: request.idMetadata)
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
        metadata: request.idMetadata)
      response = .ourFault
    }
  }

  /// The access line: `GET /matches?page=2 200 5120 0.412ms`, then who asked, for which host,
  /// under which prefix, with which browser, in which session (its short id), and the request
  /// id.
  func log(
    _ request: Request, route: String?, status: HTTPStatus, bytes: Int,
    started: DispatchTime
  ) {
    // Dispatch's clock, in whole nanoseconds: a `Duration` took 128-bit arithmetic to make
    // and to read, for every request.
    let now = DispatchTime.now().uptimeNanoseconds
    let nanoseconds = now > started.uptimeNanoseconds ? now - started.uptimeNanoseconds : 0
    configuration.metrics.served(route: route, status: status.code, nanoseconds: nanoseconds)
    guard configuration.logsRequests else { return }
    let microseconds = nanoseconds / 1000
    let milliseconds = "\(microseconds / 1000).\(String(1000 + microseconds % 1000).dropFirst())ms"
    var metadata = Logger.Metadata(minimumCapacity: 6)  // Room for every field, made once.
    metadata["client"] = "\(request.clientAddress)"
    if !request.id.isEmpty { metadata["request-id"] = "\(request.id)" }
    if let host = request.host { metadata["host"] = "\(host)" }
    if !request.basePath.isEmpty { metadata["prefix"] = "\(request.basePath)" }
    if let agent = request.headers["user-agent"] { metadata["user-agent"] = "\(agent)" }
    // A session is named by its short id only: the line never lets anyone act as it.
    if let session = request.session { metadata["session"] = "\(session.shortID)" }
    let target = request.loggedTarget ?? request.target
    configuration.logger.info(
      "\(request.method) \(target) \(status.code) \(bytes) \(milliseconds)",
      metadata: metadata)
  }

  /// A request refused before it reached the app (400, 408, 413, 414, 431, 501, 503).
  func logRefusal(_ status: HTTPStatus, _ message: String, peer: PeerAddress) {
    configuration.metrics.refused(status: status.code)
    configuration.logger.notice(
      "refused \(status.code): \(message)", metadata: ["client": "\(peer.host)"])
  }
}

extension Request {
  /// The request's id for a log line about it; none when no middleware gave it one.
  var idMetadata: Logger.Metadata {
    id.isEmpty ? [:] : ["request-id": "\(id)"]
  }
}
