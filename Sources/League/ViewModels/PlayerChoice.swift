import MVVM

/// A player as a checkbox in one side of the match form.
@Outputs
public struct PlayerChoice: Equatable {
  public var id: String
  public var name: String
  public var isSelected: Bool
  /// Picked on the other side: a hint for the form; saving refuses it either way.
  public var isDisabled: Bool
}
