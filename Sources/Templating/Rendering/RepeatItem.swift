import MVVM

/// One item of a repeat, as its scope sees it: the item's own outputs plus where it stands in
/// the list (`index` from 1, `first`, `last`, `odd`, `even`, and `parity` as the text "odd" or
/// "even" for a class attribute: zebra rows and separators).
struct RepeatItem: Outputs {
  let item: any Outputs
  let index: Int
  let count: Int

  static let outputSchema = OutputSchema([:])

  func output(named name: String) -> Output? {
    switch name {
    case "index": .text(String(index + 1))
    case "first": .flag(index == 0)
    case "last": .flag(index == count - 1)
    case "odd": .flag(index % 2 == 0)
    case "even": .flag(index % 2 == 1)
    case "parity": .text(index % 2 == 0 ? "odd" : "even")
    default: item.output(named: name)
    }
  }
}
