/// What kind of value an output holds, with the schema of what lists and objects hold inside.
public indirect enum OutputKind: Sendable, Equatable {
  case text
  case url
  case flag
  case list(OutputSchema)
  case object(OutputSchema)

  /// The kind without its nested schema.
  public enum Tag: String, Sendable, Equatable {
    case text, url, flag, list, object
  }

  public var tag: Tag {
    switch self {
    case .text: .text
    case .url: .url
    case .flag: .flag
    case .list: .list
    case .object: .object
    }
  }
}
