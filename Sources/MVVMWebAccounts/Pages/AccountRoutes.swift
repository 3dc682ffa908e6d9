import MVVMWeb

/// The accounts' addresses, the same in every app: signing in and out, a person's own account
/// (their sessions and password), and the page a one-time link opens.
public enum AccountRoutes {
  /// Signing in; `return` is where to go after.
  public static let signIn = Route("/sign-in?return", String?.self)
  /// Signing out (a post).
  public static let signOut = Route("/sign-out")
  /// The person's own account: their sessions, their password.
  public static let account = Route("/account")
  /// Ending one of the person's sessions (a post of its id).
  public static let endSession = Route("/account/sessions/end")
  /// Ending every session of the person's but this one (a post).
  public static let endOthers = Route("/account/sessions/end-others")
  /// Changing the password (a post).
  public static let password = Route("/account/password")
  /// What a one-time link opens: setting a password; `code` is the link's.
  public static let welcome = Route("/account/welcome?code", String?.self)
}

/// The accounts' places, as view models hold them (a form's action, a layout's "Sign in" link):
/// the site prints each as its route's address.
public enum AccountDestination: Destination {
  /// The sign-in page.
  case signIn
  /// Signing out (a form's action).
  case signOut
  /// The person's own account page.
  case account
  /// Ending one of the person's sessions (a form's action).
  case endSession
  /// Ending every other session (a form's action).
  case endOthers
  /// Changing the password (a form's action).
  case password
  /// Setting a password from a one-time link (a form's action).
  case welcome

  /// The address of this place, without the site's base path.
  public var path: String {
    switch self {
    case .signIn: AccountRoutes.signIn.path(nil)
    case .signOut: AccountRoutes.signOut.path()
    case .account: AccountRoutes.account.path()
    case .endSession: AccountRoutes.endSession.path()
    case .endOthers: AccountRoutes.endOthers.path()
    case .password: AccountRoutes.password.path()
    case .welcome: AccountRoutes.welcome.path(nil)
    }
  }
}
