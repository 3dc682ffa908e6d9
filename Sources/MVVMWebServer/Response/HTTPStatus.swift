/// A response status code with its reason phrase.
public struct HTTPStatus: Sendable, Equatable, Hashable {
  /// The three-digit code (404).
  public let code: Int
  /// The reason phrase (`Not Found`), sent in the status line and shown on error pages.
  public let reason: String

  /// The status `code` with `reason`; the common ones are the static members below.
  public init(_ code: Int, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// 100: send the body (the answer to `Expect: 100-continue`).
  public static let `continue` = HTTPStatus(100, "Continue")
  /// 200: here is the answer.
  public static let ok = HTTPStatus(200, "OK")
  /// 201: the thing was made.
  public static let created = HTTPStatus(201, "Created")
  /// 204: done, with nothing to send back.
  public static let noContent = HTTPStatus(204, "No Content")
  /// 206: the byte range asked for (`Range`).
  public static let partialContent = HTTPStatus(206, "Partial Content")
  /// 301: the page lives at `Location` for good.
  public static let movedPermanently = HTTPStatus(301, "Moved Permanently")
  /// 302: the page is at `Location` for now (a site's root leading to its first app).
  public static let found = HTTPStatus(302, "Found")
  /// 303: go and GET `Location`: the answer to a form that worked (Post/Redirect/Get).
  public static let seeOther = HTTPStatus(303, "See Other")
  /// 304: the browser's copy is current; no body.
  public static let notModified = HTTPStatus(304, "Not Modified")
  /// 400: the request is malformed, or for a host the site does not serve.
  public static let badRequest = HTTPStatus(400, "Bad Request")
  /// 403: refused, as a form posted from another site is.
  public static let forbidden = HTTPStatus(403, "Forbidden")
  /// 404: there is nothing at this address.
  public static let notFound = HTTPStatus(404, "Not Found")
  /// 405: the address exists but not for this method; `Allow` lists those it takes.
  public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
  /// 408: the request did not arrive in time.
  public static let requestTimeout = HTTPStatus(408, "Request Timeout")
  /// 410: what the address named is gone for good (a one-time link used or expired).
  public static let gone = HTTPStatus(410, "Gone")
  /// 413: the body is larger than the server accepts.
  public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
  /// 414: the request target is longer than the server reads.
  public static let uriTooLong = HTTPStatus(414, "URI Too Long")
  /// 415: the body is in a format the handler does not read.
  public static let unsupportedMediaType = HTTPStatus(415, "Unsupported Media Type")
  /// 416: the byte range lies outside the file.
  public static let rangeNotSatisfiable = HTTPStatus(416, "Range Not Satisfiable")
  /// 422: the form was read but refused: it is shown again with each error next to its field.
  public static let unprocessableContent = HTTPStatus(422, "Unprocessable Content")
  /// 429: too many tries (failed sign-ins): `Retry-After` says when to try again.
  public static let tooManyRequests = HTTPStatus(429, "Too Many Requests")
  /// 431: the headers are larger than the server reads.
  public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
  /// 500: the server failed; the page says nothing of why, the log does.
  public static let internalServerError = HTTPStatus(500, "Internal Server Error")
  /// 501: the server does not do this (a transfer coding it does not know).
  public static let notImplemented = HTTPStatus(501, "Not Implemented")
  /// 503: not now (the data did not answer in time, too many connections, the server stopping);
  /// `Retry-After` says when to try again.
  public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
  /// 505: the request is not HTTP/1.0 or 1.1.
  public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}
