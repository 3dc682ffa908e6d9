import MVVMWebViewModels

/// A name and value a form carries unseen: the match draft travelling through the child flow.
@Outputs
public struct FormField: Equatable, Sendable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
