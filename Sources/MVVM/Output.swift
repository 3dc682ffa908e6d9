/// A value a view model hands to its view: already formatted, and typed by what the view may do
/// with it. Numbers and dates arrive as text; the view never formats.
public enum Output {
  /// Text to show. The view escapes it wherever it lands.
  case text(String)
  /// A link or image target. The view checks its scheme before writing it out.
  case url(String)
  /// A yes or no: keeps or drops an element, or sets a boolean attribute such as `checked`.
  case flag(Bool)
  /// The items an element repeats for, each with outputs of its own.
  case list([any Outputs])
  /// A nested group of outputs: a child view model.
  case object(any Outputs)
}

extension Output {
  /// The kind of this value, to compare against a schema.
  public var kind: OutputKind.Tag {
    switch self {
    case .text: .text
    case .url: .url
    case .flag: .flag
    case .list: .list
    case .object: .object
    }
  }
}
