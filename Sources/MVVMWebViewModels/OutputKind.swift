/// What kind of value an output holds, with the schema of what lists and objects hold inside.
public indirect enum OutputKind: Sendable, Equatable {
  case text
  case url
  case flag
  case list(OutputSchema)
  case object(OutputSchema)
  /// Present or absent: a template may test it with `m:if`, and uses its value when present.
  case optional(OutputKind)

  /// The kind of a present value: an optional's wrapped kind, any other kind itself.
  public var unwrapped: OutputKind {
    if case .optional(let wrapped) = self { return wrapped.unwrapped }
    return self
  }

  public var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// A short name for messages: `text`, `optional url`, `list`.
  public var name: String {
    switch self {
    case .text: "text"
    case .url: "url"
    case .flag: "flag"
    case .list: "list"
    case .object: "object"
    case .optional(let wrapped): "optional \(wrapped.name)"
    }
  }
}
