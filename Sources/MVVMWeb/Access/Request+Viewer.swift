import MVVMWebServer
import MVVMWebViewModels

extension Request {
  /// Who is asking, as a view model sees them: signed out, or signed in with a role and a name
  /// (no name when the request is a live page's render, shared by everyone of that role).
  public var viewer: Viewer {
    guard let session else { return .signedOut }
    return Viewer(name: session.account.isEmpty ? nil : session.account, role: Role(session.role))
  }
}

extension RequestSession {
  /// What a live page's render knows of its viewers: the role they share, nobody's name or
  /// session.
  static func sharedBy(_ role: Role) -> RequestSession {
    RequestSession(account: "", role: role.name, key: "", lastSignIn: .distantPast)
  }
}
