import MVVMWeb

/// The cookie that carries a session's token: `HttpOnly` (no script reads it), `SameSite=Lax`
/// (another site's form does not send it), `Path=/` and no `Domain` (this host only); over
/// HTTPS (directly or through a trusted proxy) also `Secure` and named with the `__Host-`
/// prefix, which browsers keep to exactly these settings; on plain `http://localhost` named
/// without it, since browsers refuse a `Secure` cookie there.
enum SessionCookie {
  static let plainName = "mvvmweb-session"
  static let secureName = "__Host-mvvmweb-session"
  /// The names' bytes, which a cookie header's names are compared with where they lie.
  private static let plainNameBytes = Array(plainName.utf8)
  private static let secureNameBytes = Array(secureName.utf8)

  /// What a `Cookie` header holding a session token says: the token's hash (the token itself
  /// is not kept) and whether the session's is its only cookie.
  final class Read: Sendable {
    let hash: TokenHash
    let isAlone: Bool

    init(hash: TokenHash, isAlone: Bool) {
      self.hash = hash
      self.isAlone = isAlone
    }
  }

  /// The cookie's name for `request`'s scheme.
  static func name(for request: Request) -> String {
    request.scheme == "https" ? secureName : plainName
  }

  /// The session token the request carries, under either name; nil when it carries none (or
  /// a value that is no token).
  static func token(in request: Request) -> SecretToken? {
    request.headers["cookie"].flatMap(token(inHeader:))
  }

  /// The session token a `Cookie` header carries, under either name.
  static func token(inHeader header: String) -> SecretToken? {
    var header = header
    // Read in place, byte by byte, on every request that has cookies (splitting the header's
    // UTF-8 view cost thousands of instructions): each value under the session's names is
    // tried, at most 32 cookies looked at.
    return header.withUTF8 { bytes in
      var start = 0
      for _ in 0..<32 where start < bytes.count {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        var name = start
        while name < end && bytes[name] == UInt8(ascii: " ") { name += 1 }
        if let equals = bytes[name..<end].firstIndex(of: UInt8(ascii: "=")),
          Self.isSessionName(bytes[name..<equals]),
          let token = SecretToken(utf8: UnsafeBufferPointer(rebasing: bytes[equals + 1..<end]))
        {
          return token
        }
        start = end + 1
      }
      return nil
    }
  }

  private static func isSessionName(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    switch name.count {
    case plainNameBytes.count: name.elementsEqual(plainNameBytes)
    case secureNameBytes.count: name.elementsEqual(secureNameBytes)
    default: false
    }
  }

  /// Whether a cookie header is one session cookie and nothing else: exactly the length of a
  /// name, `=` and a token, which `token(inHeader:)` found there.
  static func isAlone(inHeader header: String) -> Bool {
    let count = header.utf8.count
    return count == plainNameBytes.count + 44 || count == secureNameBytes.count + 44
  }

  /// `Set-Cookie` for `token`, kept by the browser for `lifetime` seconds.
  static func set(_ token: SecretToken, for request: Request, lifetime: Int) -> String {
    "\(name(for: request))=\(token.text); \(attributes(for: request)); Max-Age=\(lifetime)"
  }

  /// `Set-Cookie` that makes the browser forget the session.
  static func cleared(for request: Request) -> String {
    "\(name(for: request))=; \(attributes(for: request)); Max-Age=0"
  }

  private static func attributes(for request: Request) -> String {
    request.scheme == "https"
      ? "Path=/; HttpOnly; SameSite=Lax; Secure" : "Path=/; HttpOnly; SameSite=Lax"
  }
}
