import MVVMWeb

/// What the account pages confirm after a redirect.
enum AccountNotice: String, Notice {
  case signedOut = "signed-out"
  case sessionEnded = "session-ended"
  case othersEnded = "others-ended"
  case passwordChanged = "password-changed"
  case passwordSet = "password-set"

  var text: String {
    switch self {
    case .signedOut: "You are signed out."
    case .sessionEnded: "That session is ended: its browser is signed out."
    case .othersEnded: "Every other session is ended: only this browser is signed in."
    case .passwordChanged: "Password changed. Every other session is ended."
    case .passwordSet: "Password set: you are signed in."
    }
  }
}

/// The pages of the accounts: their templates are the app's, so they wear its layout.
enum SignInPage: Page {
  typealias ViewModel = SignInViewModel
  static let template = "sign-in.xhtml"
}

/// The page of a person's own account.
enum AccountPage: Page {
  typealias ViewModel = AccountViewModel
  static let template = "account.xhtml"
}

/// The page a one-time link opens.
enum WelcomePage: Page {
  typealias ViewModel = WelcomeViewModel
  static let template = "welcome.xhtml"
}
