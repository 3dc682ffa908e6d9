import MVVM

/// One song as the playlist table shows it: title, the artist as subtitle, and the cover.
public struct SongRow: Outputs, Equatable {
  public var title: String
  public var subtitle: String
  public var cover: ImageViewModel

  public static let outputSchema = OutputSchema([
    "title": .text, "subtitle": .text, "cover": .object(ImageViewModel.outputSchema),
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text(title)
    case "subtitle": .text(subtitle)
    case "cover": .object(cover)
    default: nil
    }
  }
}
