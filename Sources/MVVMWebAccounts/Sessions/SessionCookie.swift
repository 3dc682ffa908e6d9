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
    // Bounded by the header's own limit; at most a few cookies are looked at.
    for pair in header.split(separator: ";", maxSplits: 31) {
      let trimmed = pair.drop { $0 == " " }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      let name = trimmed[..<equals]
      guard name == plainName || name == secureName else { continue }
      if let token = SecretToken(trimmed[trimmed.index(after: equals)...]) { return token }
    }
    return nil
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
