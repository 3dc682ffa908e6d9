import MVVMWebViewModels

/// The sign-in page: a name and a password, where to go after, and why the last try failed.
@Outputs
public final class SignInViewModel {
  /// The name typed, kept when a try fails.
  public private(set) var name: String = ""
  /// Where to go once signed in (a path of the site), sent back with the form.
  public private(set) var returnTo: String
  /// Why the last try failed, in words; nil before any.
  public private(set) var problem: String?
  /// A confirmation the page shows once ("You are signed out").
  public let notice: String?
  /// Where the form is sent.
  public let action: Link = Link(AccountDestination.signIn)
  private var password = ""

  /// The page for a person on their way to `returnTo`, showing `notice`.
  public init(returnTo: String, notice: String? = nil) {
    self.returnTo = returnTo
    self.notice = notice
  }

  /// Input: the name.
  public func setName(_ text: String) { name = text }
  /// Input: the password (never an output: it is not written back into the page).
  public func setPassword(_ text: String) { password = text }
  /// Input: where to go after.
  public func setReturn(_ path: String) { returnTo = path }

  /// The password typed.
  @OutputIgnored var typedPassword: String { password }

  /// Shows why the try failed.
  func refuse(_ reason: String) { problem = reason }
}

extension SignInViewModel: Inputs {
  /// The name, the password, and where to go after.
  public static let inputs: [Input<SignInViewModel>] = [
    .text("name", setName), .text("password", setPassword), .text("return", setReturn),
  ]
}
