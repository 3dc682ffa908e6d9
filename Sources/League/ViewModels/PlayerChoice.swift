import MVVMWebViewModels

/// A player as a checkbox in one side of the match form.
@Outputs
public struct PlayerChoice: Equatable {
  public var id: String
  public var name: String
  public var isSelected: Bool
  /// Picked on the other side: a hint for the form; saving refuses it either way.
  public var isDisabled: Bool
  /// Why the box is disabled, said next to the name ("on the away side"), so it is not a mystery
  /// to anyone, screen readers included.
  public var note: String?
  /// The note's id while there is one, for the box's `aria-describedby`: the reason is read out
  /// with the box, not only seen beside it.
  public var noteID: String?
  /// The first box of a side in error after a refused save: the focus goes there.
  public var isFocused: Bool
}
