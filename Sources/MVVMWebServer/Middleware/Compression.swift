/// What a page gets on its way out: a strong `ETag` over its bytes, a 304 with no body when the
/// client has it already, and gzip when the client takes it. One step, not two: one hash of the
/// page serves its tag and finding the gzip body made for it last time, the tag names the
/// encoding sent, and a 304 is decided before any gzip work.
///
/// Only a 200 with bytes is touched. Text types are compressed (`text/*`, JSON, SVG, JavaScript,
/// XML), past `minimumSize` bytes, unless the answer says otherwise (`allowsCompression`, its own
/// `Content-Encoding` or `Content-Range`); an answer that may not be kept (`no-store`) or has its
/// own `ETag` gets no tag. An answer made later or at sending is handled once it is made.
///
/// A server of its tests, at zlib's smallest output (level 9) and from 12 bytes on:
///
/// ```swift
/// $0.middleware = [Compression(level: 9, minimumSize: 12)]
/// ```
public struct Compression: Middleware {
  /// zlib's compression level, from 1 (fastest) to 9 (smallest).
  public let level: Int
  /// Bodies of this many bytes or fewer are sent as they are: the gzip header and the work
  /// cost more than they save.
  public let minimumSize: Int
  private let recentlyCompressed = RecentlyCompressed()

  /// A level outside 1...9 is taken as the nearest one, a negative size as 0.
  public init(level: Int = 1, minimumSize: Int = 1024) {
    self.level = min(max(level, 1), 9)
    self.minimumSize = max(minimumSize, 0)
  }

  /// Passes the request on, then tags, revalidates and compresses the answer: now, or once it
  /// is made when it is made later.
  public func respond(to request: inout Request, next: Next) -> Response {
    var response = next(&request)
    switch response.body {
    case .bytes(let body):
      finish(&response, body: body, for: request)
    case .later, .atSending:
      response.amend { [self, request] made in
        guard case .bytes(let body) = made.body else { return }
        finish(&made, body: body, for: request)
      }
    case .stream:
      break
    }
    return response
  }

  private func finish(_ response: inout Response, body: [UInt8], for request: Request) {
    let compressible = isCompressible(response, body: body)
    let gzip = compressible && Gzip.isAccepted(by: request.headers)
    if compressible {
      // The answer depends on Accept-Encoding whether or not this client gets gzip.
      response.headers.addVary("Accept-Encoding")
    }
    let needsTag = needsStrongTag(response)
    guard needsTag || gzip else { return }
    // One hash of the page serves its ETag and finding the gzip body made for it last time.
    let hash = EntityTag.hash(of: body)
    if needsTag, let revalidated = validated(&response, hash: hash, gzip: gzip, request: request) {
      response = revalidated
      return
    }
    if gzip,
      let compressed = recentlyCompressed.gzip(
        body, hash: hash, compress: { [level] in Gzip.compress($0, level: Int32(clamping: level)) })
    {
      response.body = .bytes(compressed)
      response.headers.add("Content-Encoding", "gzip")
    }
  }

  /// Whether a page gets a strong `ETag` over its bytes. Answers that must not be kept
  /// (`no-store`), or that carry their own validator, are left alone.
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
    response.allowsCompression && body.count > minimumSize && response.status.code == 200
      && !response.headers.contains("content-encoding")
      && !response.headers.contains("content-range")
      && Gzip.isCompressible(contentType: response.headers["content-type"])
  }
}
