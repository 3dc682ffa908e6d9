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
///
/// It also keeps the page itself, as it was answered to someone signed out: the next signed-out
/// request for the same address, while the data is at the same version, gets that answer
/// without its view model being built or its template rendered. Only for an exact address
/// (the hash finds it, the address is compared whole) and only between signed-out requests, so
/// nobody is ever given a page made for someone else; at most `keptBytes` of pages in all.
public final class PageValidator: Sendable {
  /// Drawn at start, so a restart (new templates, a new binary) never confirms an old copy.
  static let epoch = String(UInt32.random(in: .min ... .max), radix: 36)

  /// How many addresses are kept. A crawler walking query strings could add them without end:
  /// past this many, the table starts again empty (about 300 bytes an address), and the tags it
  /// forgot are still confirmed through their routes.
  static let capacity = 4096
  /// How many bytes of pages are kept, all addresses together; past it, the table starts again
  /// empty. A page larger than a sixteenth of it is not kept.
  static let keptBytes = 16 << 20

  /// The tag last handed out for an address: the address itself (two addresses may share a
  /// hash), the data version it names, how to read that version now, and the 304 that confirms
  /// it, made once and sent as it is (the server writes the request id into the head, not into
  /// its fields). A class, so the table hands it out with one retain rather than a copy of each
  /// field. With the page as it was answered, when it was made for someone signed out.
  private final class Issued: Sendable {
    let tag: String
    let basePath: String
    let target: String
    let dataVersion: String
    let currentVersion: @Sendable () -> String?
    let notModified: Response
    /// The page answered at `dataVersion` to a signed-out request for the address; nil when
    /// the tag was handed out to a signed-in one, or with a 304.
    let page: Response?
    /// The bytes `page` holds.
    let pageBytes: Int

    init(
      tag: String, request: Request, dataVersion: String,
      currentVersion: @escaping @Sendable () -> String?, notModified: Response, page: Response?
    ) {
      self.tag = tag
      basePath = request.basePath
      target = request.target
      self.dataVersion = dataVersion
      self.currentVersion = currentVersion
      self.notModified = notModified
      self.page = page
      pageBytes = page.map { if case .bytes(let bytes) = $0.body { bytes.count } else { 0 } } ?? 0
    }

    func isFor(_ request: Request) -> Bool {
      target == request.target && basePath == request.basePath
    }
  }

  /// The tags handed out, by the hash of the address each was made for (the request's own
  /// address finds it, with no hash of the tag's forty bytes), and the bytes of the pages kept
  /// with them.
  private struct Table {
    var issued: [UInt64: Issued] = [:]
    var keptBytes = 0
  }

  private let table = Mutex(Table())

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
    let remember: @Sendable (String, Response?) -> Issued = { tag, page in
      self.remember(tag, for: request, addressHash, keeping: page != nil) {
        Issued(
          tag: tag, request: request, dataVersion: dataVersion, currentVersion: version,
          notModified: Self.notModified(tag: tag, vary: vary, route: route), page: page)
      }
    }
    if let match = request.headers["if-none-match"],
      let etag = Self.confirmedTag(match, dataVersion: dataVersion, addressHash: addressHash)
    {
      return remember(etag, nil).notModified
    }
    if let page = keptPage(for: request, addressHash, at: dataVersion) { return page }
    @Sendable func tagged(_ response: inout Response) {
      guard response.status == .ok, !response.headers.contains("set-cookie"),
        !response.headers.hasToken("no-store", in: "cache-control")
      else { return }
      let tag = Self.tag(dataVersion: dataVersion, addressHash: addressHash)
      response.headers.add("ETag", tag)
      let keeps = request.session == nil && request.method == .get && Self.fits(response)
      _ = remember(tag, keeps ? response : nil)
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
    guard let issued = table.withLock({ $0.issued[Self.addressHash(request)] }), issued.tag == tag,
      issued.isFor(request), Self.mayValidate(request), !LivePages.asksForEvents(headers),
      issued.currentVersion() == issued.dataVersion
    else { return nil }
    return issued.notModified
  }

  /// The page kept for `request`'s address at `dataVersion`, for a signed-out GET or HEAD; nil
  /// when there is none (another version, another address of the same hash, a signed-in
  /// viewer).
  private func keptPage(
    for request: Request, _ addressHash: UInt64, at dataVersion: String
  ) -> Response? {
    guard request.session == nil,
      let issued = table.withLock({ $0.issued[addressHash] }), let page = issued.page,
      issued.dataVersion == dataVersion, issued.isFor(request)
    else { return nil }
    return page
  }

  /// Whether `response`'s page is small enough to keep: its bytes at hand, and a sixteenth of
  /// `keptBytes` at most.
  private static func fits(_ response: Response) -> Bool {
    guard case .bytes(let bytes) = response.body else { return false }
    return bytes.count <= keptBytes / 16
  }

  /// Keeps the address's tag, with its page when `keeping`, in place of an older one (a page
  /// whose data changed is tagged anew when it is next made), and returns what is kept; `make`
  /// runs only for a tag not kept yet (or kept without the page now offered).
  private func remember(
    _ tag: String, for request: Request, _ addressHash: UInt64, keeping: Bool,
    make: () -> Issued
  ) -> Issued {
    // The old table, when full, is freed here, after the lock is let go: its thousands of
    // entries would hold every revalidation up meanwhile.
    var dropped = Table()
    return table.withLock { table in
      let old = table.issued[addressHash]
      if let old, old.tag == tag, old.isFor(request), old.page != nil || !keeping { return old }
      let issued = make()
      let full =
        table.issued.count >= Self.capacity && old == nil
        || table.keptBytes - (old?.pageBytes ?? 0) + issued.pageBytes > Self.keptBytes
      if full { swap(&dropped, &table) }
      table.keptBytes += issued.pageBytes - (full ? 0 : old?.pageBytes ?? 0)
      table.issued[addressHash] = issued
      return issued
    }
  }

  /// How many addresses are kept now, and the bytes of their pages, for tests.
  var issuedCount: Int { table.withLock { $0.issued.count } }
  var keptPageBytes: Int { table.withLock { $0.keptBytes } }

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
