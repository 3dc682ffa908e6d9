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

  /// `W/"epoch-dataVersion-addressHash"`, the hash in sixteen hex digits.
  static func tag(dataVersion: String, addressHash: UInt64) -> String {
    withTag(dataVersion: dataVersion, addressHash: addressHash) {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// `W/"`, the epoch and a dash: the start of every tag, made once.
  private static let tagStart = Array(#"W/""#.utf8) + Array(epoch.utf8) + [UInt8(ascii: "-")]

  /// Calls `body` with the tag's bytes, written on the stack in one pass: a revalidation is meant
  /// to cost less than any page. An interpolation grew the string piece by piece (about 3,300
  /// instructions of a 304); base-36 digits took a division each.
  private static func withTag<Result>(
    dataVersion: String, addressHash: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var version = dataVersion
    return version.withUTF8 { versionBytes in
      // Lengths of things in memory: the sum cannot overflow.
      let count = tagStart.count + versionBytes.count + 1 + 16 + 1
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
        // Copied with memmove: `initialize(fromContentsOf:)` went element by element.
        let raw = UnsafeMutableRawBufferPointer(buffer)
        tagStart.withUnsafeBytes { raw.copyMemory(from: $0) }
        var index = tagStart.count
        UnsafeMutableRawBufferPointer(rebasing: raw[index...])
          .copyMemory(from: UnsafeRawBufferPointer(versionBytes))
        index += versionBytes.count
        buffer[index] = UInt8(ascii: "-")
        index += 1
        for shift in stride(from: 60, through: 0, by: -4) {
          let digit = UInt8(truncatingIfNeeded: addressHash >> UInt64(shift) & 0xf)
          buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit
          index += 1
        }
        buffer[index] = UInt8(ascii: "\"")
        return body(UnsafeBufferPointer(buffer))
      }
    }
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
