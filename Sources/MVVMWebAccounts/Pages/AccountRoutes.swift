import MVVMWeb

/// The accounts' addresses, the same in every app: signing in and out, a person's own account
/// (their sessions and password), and the page a one-time link opens.
public enum AccountRoutes {
  /// Signing in; `return` is where to go after, `again` asks a signed-in person to prove who
  /// they are once more (for a sensitive action).
  public static let signIn = Route("/sign-in?return&again", String?.self, String?.self)
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

  /// A challenge for signing in with a passkey (a post, answered in JSON).
  public static let signInPasskeyOptions = Route("/sign-in/passkey/options")
  /// Signing in with a passkey (a post of the browser's answer).
  public static let signInPasskey = Route("/sign-in/passkey")
  /// Adding a passkey to the account (a post of the browser's answer).
  public static let passkeys = Route("/account/passkeys")
  /// A challenge for adding a passkey.
  public static let passkeyOptions = Route("/account/passkeys/options")
  /// Renaming one of the account's passkeys.
  public static let renamePasskey = Route("/account/passkeys/rename")
  /// Removing one of the account's passkeys.
  public static let removePasskey = Route("/account/passkeys/remove")
  /// Removing the account's password, for an account that signs in with passkeys only.
  public static let removePassword = Route("/account/password/remove")
  /// Setting up the account of a one-time link with a passkey instead of a password.
  public static let welcomePasskey = Route("/account/welcome/passkey")
  /// A challenge for that.
  public static let welcomePasskeyOptions = Route("/account/welcome/passkey/options")
  /// The passkeys' script.
  static let passkeyScript = Route(PasskeyScript.path)
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
  /// Adding a passkey (a form's action, which the passkeys' script sends).
  case passkeys
  /// Renaming a passkey (a form's action).
  case renamePasskey
  /// Removing a passkey (a form's action).
  case removePasskey
  /// Removing the password (a form's action).
  case removePassword
  /// Setting up a one-time link's account with a passkey (a form's action).
  case welcomePasskey

  /// The address of this place, without the site's base path.
  public var path: String {
    switch self {
    case .signIn: AccountRoutes.signIn.path(nil, nil)
    case .signOut: AccountRoutes.signOut.path()
    case .account: AccountRoutes.account.path()
    case .endSession: AccountRoutes.endSession.path()
    case .endOthers: AccountRoutes.endOthers.path()
    case .password: AccountRoutes.password.path()
    case .welcome: AccountRoutes.welcome.path(nil)
    case .passkeys: AccountRoutes.passkeys.path()
    case .renamePasskey: AccountRoutes.renamePasskey.path()
    case .removePasskey: AccountRoutes.removePasskey.path()
    case .removePassword: AccountRoutes.removePassword.path()
    case .welcomePasskey: AccountRoutes.welcomePasskey.path()
    }
  }
}
