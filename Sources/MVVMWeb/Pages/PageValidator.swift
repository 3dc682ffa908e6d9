import MVVMWebServer
import Synchronization

/// A page's validator taken from the version of the data it shows, instead of a hash of its
/// bytes: a browser or proxy revalidating an unchanged page gets its 304 without the view model
/// being built or the template rendered. Only for pages that are the same for everyone who asks
/// for the address (no one-time token in them), with fixed templates (not `--dev`), and only
/// for requests without cookies (the one-time notice rides in one) or whose only cookie is their
/// session's: the viewer (name, role, a recent sign-in) is then part of the page's address.
///
/// It keeps the tags it handed out, so the app answers a revalidation before routing
/// (`confirmBeforeRouting`): the tag a browser sends back names the page, and only its data's
/// version is read again. A revalidation is meant to cost no more than the cheapest answer the
/// server gives, and routing alone costs more than that.
public final class PageValidator: Sendable {
  /// Drawn at start, so a restart (new templates, a new binary) never confirms an old copy.
  static let epoch = String(UInt32.random(in: .min ... .max), radix: 36)

  /// How many addresses are kept. A crawler walking query strings could add them without end:
  /// past this many, the table starts again empty (about 300 bytes an address), and the tags it
  /// forgot are still confirmed through their routes.
  static let capacity = 4096

  /// The tag last handed out for an address: the address itself (two addresses may share a
  /// hash), the data version it names, how to read that version now, and the 304 that confirms
  /// it, made once and sent as it is (the server writes the request id into the head, not into
  /// its fields). A class, so the table hands it out with one retain rather than a copy of each
  /// field.
  private final class Issued: Sendable {
    let tag: String
    let basePath: String
    let target: String
    let dataVersion: String
    let currentVersion: @Sendable () -> String?
    let notModified: Response

    init(
      tag: String, request: Request, dataVersion: String,
      currentVersion: @escaping @Sendable () -> String?, notModified: Response
    ) {
      self.tag = tag
      basePath = request.basePath
      target = request.target
      self.dataVersion = dataVersion
      self.currentVersion = currentVersion
      self.notModified = notModified
    }

    func isFor(_ request: Request) -> Bool {
      target == request.target && basePath == request.basePath
    }
  }

  /// By the hash of the address the tag was made for: the request's own address finds it, with
  /// no hash of the tag's forty bytes.
  private let issued = Mutex<[UInt64: Issued]>([:])

  init() {}

  /// Answers `request` with 304 when its `If-None-Match` names the page at the data's current
  /// version; otherwise makes the page and tags it. A nil `version` leaves the page to the
  /// server's hash of its bytes. `vary` is what the page's answer depends on besides its address,
  /// `route` its pattern (the metrics name a 304 answered before routing by it).
  public func respond(
    to request: Request, route: String, vary: String = "Accept-Encoding",
    version: (@Sendable () -> String?)?, _ make: () throws -> Response
  ) rethrows -> Response {
    guard let version, Self.mayValidate(request), let dataVersion = version() else {
      return try make()
    }
    let addressHash = Self.addressHash(request)
    let remember: @Sendable (String) -> Issued = { tag in
      self.remember(tag, for: request, addressHash) {
        Issued(
          tag: tag, request: request, dataVersion: dataVersion, currentVersion: version,
          notModified: Self.notModified(tag: tag, vary: vary, route: route))
      }
    }
    if let match = request.headers["if-none-match"],
      let etag = Self.confirmedTag(match, dataVersion: dataVersion, addressHash: addressHash)
    {
      return remember(etag).notModified
    }
    @Sendable func tagged(_ response: inout Response) {
      guard response.status == .ok, !response.headers.contains("set-cookie"),
        !response.headers.hasToken("no-store", in: "cache-control")
      else { return }
      let tag = Self.tag(dataVersion: dataVersion, addressHash: addressHash)
      response.headers.add("ETag", tag)
      _ = remember(tag)
    }
    var response = try make()
    // A page made later (it reads the store) is tagged when it is made.
    if case .later = response.body { response.amend(tagged) } else { tagged(&response) }
    return response
  }

  /// The 304 for a request whose `If-None-Match` is the tag last handed out for its address,
  /// whose data has not changed since; nil sends the request on to its route, which answers an
  /// older tag, or a list of tags, the same way. Called after the host is checked and before
  /// routing, with `respond`'s rules (GET or HEAD, no cookie) and one of `LivePages`' (a request
  /// for the event stream is never a revalidation), which holds for every page.
  func confirmBeforeRouting(_ request: Request) -> Response? {
    let headers = request.headers
    guard let tag = headers["if-none-match"], request.method == .get || request.method == .head
    else { return nil }
    guard let issued = issued.withLock({ $0[Self.addressHash(request)] }), issued.tag == tag,
      issued.isFor(request), Self.mayValidate(request), !LivePages.asksForEvents(headers),
      issued.currentVersion() == issued.dataVersion
    else { return nil }
    return issued.notModified
  }

  /// Keeps the address's tag, in place of an older one (a page whose data changed is tagged anew
  /// when it is next made), and returns what is kept; `make` runs only for a tag not kept yet.
  private func remember(
    _ tag: String, for request: Request, _ addressHash: UInt64, make: () -> Issued
  ) -> Issued {
    // The old table, when full, is freed here, after the lock is let go: its thousands of
    // entries would hold every revalidation up meanwhile.
    var dropped: [UInt64: Issued] = [:]
    return issued.withLock { table in
      if let kept = table[addressHash], kept.tag == tag, kept.isFor(request) { return kept }
      if table.count >= Self.capacity, table[addressHash] == nil { swap(&dropped, &table) }
      let issued = make()
      table[addressHash] = issued
      return issued
    }
  }

  /// How many addresses are kept now, for tests.
  var issuedCount: Int { issued.withLock { $0.count } }

  /// The 304 confirming `tag`: the validator and caching fields a cache updates in its copy,
  /// and the same Vary as the page itself, whose body is gzip-compressed for those who take it.
  private static func notModified(tag: String, vary: String, route: String) -> Response {
    var response = Response(
      status: .notModified,
      headers: HTTPHeaders([
        (name: "ETag", value: tag), (name: "Cache-Control", value: "no-cache"),
        (name: "Vary", value: vary),
      ]))
    response.route = route
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
  /// to cost less than any page, and an interpolation grows the string piece by piece. Hex
  /// digits, not base 36, which would take a division each.
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

  /// Whether `request`'s page may be tagged and confirmed by its data's version: it has no
  /// cookie, or only its session's.
  private static func mayValidate(_ request: Request) -> Bool {
    request.headers["cookie"] == nil || request.session?.isSoleCookie == true
  }

  /// The address as the page shows it (prefix, path and query) and, for a signed-in viewer,
  /// who they are (account, role, a recent sign-in), hashed: two addresses, or two viewers, of
  /// one version are two different pages. Over each string's bytes where they lie, with a 0 between
  /// the two: no array is made per request, and no index of a view is stepped byte by byte.
  private static func addressHash(_ request: Request) -> UInt64 {
    var hash = add(request.basePath, to: 0xcbf2_9ce4_8422_2325)
    hash = hash &* 0x0000_0100_0000_01b3  // The 0 between them: hash ^ 0 is hash.
    hash = add(request.target, to: hash)
    guard let session = request.session else { return hash }
    hash = add(session.account, to: hash &* 0x0000_0100_0000_01b3)
    hash = add(session.role, to: hash &* 0x0000_0100_0000_01b3)
    return (hash ^ (session.isRecent ? 1 : 2)) &* 0x0000_0100_0000_01b3
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
