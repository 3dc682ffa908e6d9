/// What kind of value an output holds, with the schema of what lists and objects hold inside.
public indirect enum OutputKind: Sendable, Equatable {
  /// Text, escaped where it is written: a `String`, or an `Int` written as digits.
  case text
  /// A URL: a `Link` or a `Destination`, checked for its scheme where it is written.
  case url
  /// A `Bool`, for `m:if`, `m:unless` and boolean attributes.
  case flag
  /// An array of view models with these outputs, for `m:repeat`.
  case list(OutputSchema)
  /// A view model with these outputs, for `m:object`.
  case object(OutputSchema)
  /// Present or absent: a template may test it with `m:if`, and uses its value when present.
  case optional(OutputKind)

  /// The kind of a present value: an optional's wrapped kind, any other kind itself.
  public var unwrapped: OutputKind {
    if case .optional(let wrapped) = self { return wrapped.unwrapped }
    return self
  }

  /// Whether the value may be absent.
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
