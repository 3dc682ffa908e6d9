import MVVMWebViewModels

/// The page a one-time link opens: a password to set, for the account the link was made for.
@Outputs
public final class WelcomeViewModel {
  /// The link's code, sent back with the form.
  public private(set) var code: String
  /// Why the password was refused, shown by its field.
  public private(set) var passwordError: String?
  /// Why the link does not work (used, expired), in words.
  public private(set) var problem: String?
  /// Where the form is sent.
  public let action: Link = Link(AccountDestination.welcome)
  private var password = ""

  /// The page for the link `code`.
  public init(code: String) {
    self.code = code
  }

  /// Input: the link's code.
  public func setCode(_ text: String) { code = text }
  /// Input: the password chosen.
  public func setPassword(_ text: String) { password = text }

  /// The password typed.
  @OutputIgnored var typedPassword: String { password }

  /// Shows why the password was refused.
  func refusePassword(_ reason: String) { passwordError = reason }

  /// Shows that the link does not work.
  func refuseLink() {
    problem =
      "This link has been used or has expired. Ask an admin for a new one (accounts link NAME)."
  }
}

extension WelcomeViewModel: Inputs {
  /// The link's code and the password chosen.
  public static let inputs: [Input<WelcomeViewModel>] = [
    .text("code", setCode), .text("password", setPassword),
  ]
}
