/// A response status code with its reason phrase.
public struct HTTPStatus: Sendable, Equatable, Hashable {
  public let code: Int
  public let reason: String

  public init(_ code: Int, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  public static let `continue` = HTTPStatus(100, "Continue")
  public static let ok = HTTPStatus(200, "OK")
  public static let created = HTTPStatus(201, "Created")
  public static let noContent = HTTPStatus(204, "No Content")
  public static let partialContent = HTTPStatus(206, "Partial Content")
  public static let movedPermanently = HTTPStatus(301, "Moved Permanently")
  public static let found = HTTPStatus(302, "Found")
  public static let seeOther = HTTPStatus(303, "See Other")
  public static let notModified = HTTPStatus(304, "Not Modified")
  public static let badRequest = HTTPStatus(400, "Bad Request")
  public static let forbidden = HTTPStatus(403, "Forbidden")
  public static let notFound = HTTPStatus(404, "Not Found")
  public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
  public static let requestTimeout = HTTPStatus(408, "Request Timeout")
  public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
  public static let uriTooLong = HTTPStatus(414, "URI Too Long")
  public static let unsupportedMediaType = HTTPStatus(415, "Unsupported Media Type")
  public static let rangeNotSatisfiable = HTTPStatus(416, "Range Not Satisfiable")
  public static let unprocessableContent = HTTPStatus(422, "Unprocessable Content")
  public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
  public static let internalServerError = HTTPStatus(500, "Internal Server Error")
  public static let notImplemented = HTTPStatus(501, "Not Implemented")
  public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
  public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}
