/// Receives a view model's outputs one at a time, each with its type known: a renderer writes
/// them, a test records them. Nothing is boxed or copied on the way.
public protocol OutputVisitor {
  mutating func visitText(_ text: String)
  mutating func visitNumber(_ number: Int)
  mutating func visitFlag(_ flag: Bool)
  mutating func visitLink(_ link: Link)
  mutating func visitList<Item: Outputs>(_ items: [Item])
  mutating func visitObject<Object: Outputs>(_ object: Object)
  /// An optional output that is nil.
  mutating func visitAbsent()
}

extension OutputVisitor {
  // The calls `@Outputs` writes for every output; overloads pick the visit by the type.
  public mutating func visit(_ text: String) { visitText(text) }
  public mutating func visit(_ number: Int) { visitNumber(number) }
  public mutating func visit(_ flag: Bool) { visitFlag(flag) }
  public mutating func visit(_ link: Link) { visitLink(link) }
  public mutating func visit(_ destination: some Destination) { visitLink(Link(destination)) }
  public mutating func visit<Item: Outputs>(_ items: [Item]) { visitList(items) }
  public mutating func visit<Object: Outputs>(_ object: Object) { visitObject(object) }

  public mutating func visit(_ text: String?) {
    if let text { visitText(text) } else { visitAbsent() }
  }
  public mutating func visit(_ number: Int?) {
    if let number { visitNumber(number) } else { visitAbsent() }
  }
  public mutating func visit(_ link: Link?) {
    if let link { visitLink(link) } else { visitAbsent() }
  }
  public mutating func visit<Target: Destination>(_ destination: Target?) {
    if let destination { visitLink(Link(destination)) } else { visitAbsent() }
  }
  public mutating func visit<Object: Outputs>(_ object: Object?) {
    if let object { visitObject(object) } else { visitAbsent() }
  }
}
