import HTTPServer

/// A page's validator taken from the version of the data it shows, instead of a hash of its
/// bytes: a browser or proxy revalidating an unchanged page gets its 304 without the view model
/// being built or the template rendered. Only for pages that are the same for everyone who asks
/// for the address (no one-time token in them), with fixed templates (not `--dev`), and only
/// for requests without cookies (the one-time notice rides in one).
enum PageValidator {
  /// Drawn at start, so a restart (new templates, a new binary) never confirms an old copy.
  static let epoch = String(UInt32.random(in: .min ... .max), radix: 36)

  /// Answers `request` with 304 when its `If-None-Match` names the page at `dataVersion`;
  /// otherwise makes the page and tags it. A nil `dataVersion` leaves the page to the server's
  /// hash of its bytes.
  static func respond(
    to request: Request, dataVersion: String?, _ make: () throws -> Response
  ) rethrows -> Response {
    guard let dataVersion, request.headers["cookie"] == nil else { return try make() }
    let tag = #"W/"\#(epoch)-\#(dataVersion)-\#(addressHash(request))""#
    if let match = request.headers["if-none-match"], EntityTag.matches(match, tag) {
      // The same Vary as the page itself, whose body is gzip-compressed for those who take it.
      return Response(
        status: .notModified,
        headers: ["ETag": tag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"])
    }
    var response = try make()
    if response.status == .ok, !response.headers.contains("set-cookie"),
      !response.headers.hasToken("no-store", in: "cache-control")
    {
      response.headers.add("ETag", tag)
    }
    return response
  }

  /// The address as the page shows it (prefix, path and query), hashed: two addresses of one
  /// version are two different pages.
  private static func addressHash(_ request: Request) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    // Byte by byte from both strings, with a 0 between them: no array is made per request.
    request.basePath.utf8.forEach(add)
    add(0)
    request.target.utf8.forEach(add)
    return String(hash, radix: 36)
  }
}
