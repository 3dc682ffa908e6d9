import MVVMWebViewModels

/// One reason a form cannot be saved yet, listed near its Save button as the person types.
@Outputs
public struct FormReason: Equatable, Sendable {
  /// The reason in words a person can act on ("Pick at least one away player").
  public var text: String

  public init(text: String) {
    self.text = text
  }
}
