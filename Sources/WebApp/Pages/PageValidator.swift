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
  @inline(__always)
  static func respond(
    to request: Request, dataVersion: String?, _ make: () throws -> Response
  ) rethrows -> Response {
    guard let dataVersion, request.headers["cookie"] == nil else { return try make() }
    let addressHash = addressHash(request)
    if let match = request.headers["if-none-match"],
      let etag = confirmedTag(match, dataVersion: dataVersion, addressHash: addressHash)
    {
      // The same Vary as the page itself, whose body is gzip-compressed for those who take it.
      return Response(
        status: .notModified,
        headers: HTTPHeaders([
          (name: "ETag", value: etag), (name: "Cache-Control", value: "no-cache"),
          (name: "Vary", value: "Accept-Encoding"),
        ]))
    }
    var response = try make()
    if response.status == .ok, !response.headers.contains("set-cookie"),
      !response.headers.hasToken("no-store", in: "cache-control")
    {
      response.headers.add("ETag", tag(dataVersion: dataVersion, addressHash: addressHash))
    }
    return response
  }

  /// The page's tag, to send with a 304, when `ifNoneMatch` names it; nil when it does not.
  static func confirmedTag(
    _ ifNoneMatch: String, dataVersion: String, addressHash: UInt64
  ) -> String? {
    withTag(dataVersion: dataVersion, addressHash: addressHash) {
      EntityTag.confirmed(ifNoneMatch, tagBytes: $0)
    }
  }

  /// `W/"epoch-dataVersion-addressHash"`, the hash in base 36.
  static func tag(dataVersion: String, addressHash: UInt64) -> String {
    withTag(dataVersion: dataVersion, addressHash: addressHash) {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Calls `body` with the tag's bytes, written on the stack in one pass: a revalidation is meant
  /// to cost less than any page, and an interpolation grew the string piece by piece (with
  /// `String(_:radix:)` making another), about 3,300 instructions of a 304.
  private static func withTag<Result>(
    dataVersion: String, addressHash: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var digitCount = 1
    var rest = addressHash / 36
    while rest > 0 {
      digitCount += 1
      rest /= 36
    }
    // Lengths of strings in memory: the sum cannot overflow.
    let count = 3 + epoch.utf8.count + 1 + dataVersion.utf8.count + 1 + digitCount + 1
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      var index = 0
      copy(#"W/""#, into: buffer, at: &index)
      copy(epoch, into: buffer, at: &index)
      copy("-", into: buffer, at: &index)
      copy(dataVersion, into: buffer, at: &index)
      copy("-", into: buffer, at: &index)
      // The digits from the last: `digitCount` of them, as `String(_:radix: 36)` writes them.
      var value = addressHash
      for position in stride(from: index + digitCount - 1, through: index, by: -1) {
        let digit = UInt8(value % 36)
        buffer[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
        value /= 36
      }
      buffer[count - 1] = UInt8(ascii: "\"")
      return body(UnsafeBufferPointer(buffer))
    }
  }

  /// Copies `text`'s bytes into `buffer` from `index` on, and moves `index` past them. Not a
  /// closure inside `tag`: one that changed a captured index had each change checked for
  /// exclusive access at run time, more than the copy itself.
  private static func copy(
    _ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int
  ) {
    var text = text
    let end = text.withUTF8 { bytes in
      UnsafeMutableBufferPointer(rebasing: buffer[index...]).initialize(fromContentsOf: bytes)
    }
    index += end
  }

  /// The address as the page shows it (prefix, path and query), hashed: two addresses of one
  /// version are two different pages. Over each string's bytes where they lie, with a 0 between
  /// the two: no array is made per request, and no index of a view is stepped byte by byte.
  private static func addressHash(_ request: Request) -> UInt64 {
    var hash = add(request.basePath, to: 0xcbf2_9ce4_8422_2325)
    hash = hash &* 0x0000_0100_0000_01b3  // The 0 between them: hash ^ 0 is hash.
    return add(request.target, to: hash)
  }

  /// `hash` (FNV-1a) continued over `text`'s bytes.
  private static func add(_ text: String, to hash: UInt64) -> UInt64 {
    var text = text
    return text.withUTF8 { bytes in
      var hash = hash
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return hash
    }
  }
}
