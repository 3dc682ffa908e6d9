import MVVM

/// A player as a checkbox in one side of the match form.
public struct PlayerChoice: Outputs, Equatable {
  public var id: String
  public var name: String
  public var isSelected: Bool
  /// Picked on the other side: a hint for the form; saving refuses it either way.
  public var isDisabled: Bool

  public static let outputSchema = OutputSchema([
    "id": .text, "name": .text, "selected": .flag, "disabled": .flag,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "id": .text(id)
    case "name": .text(self.name)
    case "selected": .flag(isSelected)
    case "disabled": .flag(isDisabled)
    default: nil
    }
  }
}
