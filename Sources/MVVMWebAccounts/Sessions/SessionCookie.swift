import MVVMWeb

/// The cookie that carries a session's token: `HttpOnly` (no script reads it), `SameSite=Lax`
/// (another site's form does not send it), `Path=/` and no `Domain` (this host only); over
/// HTTPS (directly or through a trusted proxy) also `Secure` and named with the `__Host-`
/// prefix, which browsers keep to exactly these settings; on plain `http://localhost` named
/// without it, since browsers refuse a `Secure` cookie there.
enum SessionCookie {
  static let plainName = "mvvmweb-session"
  static let secureName = "__Host-mvvmweb-session"

  /// The cookie's name for `request`'s scheme.
  static func name(for request: Request) -> String {
    request.scheme == "https" ? secureName : plainName
  }

  /// The session token the request carries, under either name; nil when it carries none (or
  /// a value that is no token).
  static func token(in request: Request) -> SecretToken? {
    guard let header = request.headers["cookie"] else { return nil }
    // Over the header's bytes, on every request that has cookies: no piece is copied out. At
    // most 32 cookies are looked at.
    for pair in header.utf8.split(separator: UInt8(ascii: ";"), maxSplits: 31) {
      let trimmed = pair.drop { $0 == UInt8(ascii: " ") }
      guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = trimmed[..<equals]
      guard name.elementsEqual(plainName.utf8) || name.elementsEqual(secureName.utf8) else {
        continue
      }
      if let token = SecretToken(Substring(trimmed[trimmed.index(after: equals)...])) {
        return token
      }
    }
    return nil
  }

  /// Whether the request's cookie header is one session cookie and nothing else: exactly the
  /// length of a name, `=` and a token, which `token(in:)` found there.
  static func isAlone(in request: Request) -> Bool {
    guard let count = request.headers["cookie"]?.utf8.count else { return false }
    return count == plainName.utf8.count + 44 || count == secureName.utf8.count + 44
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
