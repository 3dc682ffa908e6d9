import MVVM

/// One user in the list: avatar and name, and the id the page links with.
public struct UserRow: Outputs, Equatable {
  public var id: String
  public var name: String
  public var avatar: ImageViewModel

  public static let outputSchema = OutputSchema([
    "id": .text, "name": .text, "avatar": .object(ImageViewModel.outputSchema),
  ])

  public func output(named field: String) -> Output? {
    switch field {
    case "id": .text(id)
    case "name": .text(name)
    case "avatar": .object(avatar)
    default: nil
    }
  }
}
