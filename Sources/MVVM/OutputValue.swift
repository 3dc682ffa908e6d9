/// The value of one scalar output, as a renderer reads it. `@Outputs` builds it from a property
/// through the initializers below, chosen by the property's type.
public enum OutputValue {
  case text(String)
  /// A whole number, written as decimal digits without allocating a string.
  case number(Int)
  case flag(Bool)
  case link(Link)
  /// An optional object, list or value that is there; the renderer visits lists and objects.
  case present
  /// An optional that is nil, or a list or object (which are visited, not read).
  case absent

  public init(_ text: String) { self = .text(text) }
  public init(_ number: Int) { self = .number(number) }
  public init(_ flag: Bool) { self = .flag(flag) }
  public init(_ link: Link) { self = .link(link) }
  public init(_ destination: some Destination) { self = .link(Link(destination)) }
  public init(_ object: some Outputs) { self = .present }
  public init<Item: Outputs>(_ list: [Item]) { self = .present }

  public init(_ text: String?) { self = text.map(OutputValue.text) ?? .absent }
  public init(_ number: Int?) { self = number.map(OutputValue.number) ?? .absent }
  public init(_ link: Link?) { self = link.map(OutputValue.link) ?? .absent }
  public init<Target: Destination>(_ destination: Target?) {
    self = destination.map { .link(Link($0)) } ?? .absent
  }
  public init<Object: Outputs>(_ object: Object?) { self = object == nil ? .absent : .present }
}
