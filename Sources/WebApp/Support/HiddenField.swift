import MVVM

/// A name and value a form carries unseen: the match draft travelling through the child flow.
struct HiddenField: Outputs {
  var name: String
  var value: String

  static let outputSchema = OutputSchema(["name": .text, "value": .text])

  func output(named field: String) -> Output? {
    switch field {
    case "name": .text(name)
    case "value": .text(value)
    default: nil
    }
  }
}
