/// What a handler answers: a status, headers and a body, either whole or streamed.
public struct Response: Sendable {
  public var status: HTTPStatus
  public var headers: HTTPHeaders
  public var body: ResponseBody
  /// The route pattern that answered (`/matches/:id/edit`), set by the router for the metrics;
  /// nil when no route matched.
  public var route: String?
  /// Whether the pipeline may gzip the body for a client that accepts it (true by default). A
  /// page that is measured as plain bytes turns it off: TechEmpower's Fortunes is benchmarked
  /// uncompressed (and its peers never compress), so a client that sends
  /// `Accept-Encoding: gzip` must get the same bytes, with no `Vary` and no gzip work.
  public var allowsCompression = true

  public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: ResponseBody = .bytes([]))
  {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// An HTML page.
  public static func html(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
    Response(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(bytes))
  }

  /// Plain text.
  public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
    Response(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: .bytes(Array(text.utf8)))
  }

  /// A redirect; 303 by default, so a form post is followed by a GET (Post/Redirect/Get).
  public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
    Response(status: status, headers: ["Location": location])
  }
}

/// A response body: bytes known up front (sent with `Content-Length`, gzip-compressed when the
/// client accepts it), or a stream written over time with chunked transfer coding.
public enum ResponseBody: Sendable {
  case bytes([UInt8])
  /// Called once on the connection's queue with a writer; write chunks and call `finish()`,
  /// from any queue, now or later (Server-Sent Events keep it open).
  case stream(@Sendable (ResponseWriter) -> Void)
}
