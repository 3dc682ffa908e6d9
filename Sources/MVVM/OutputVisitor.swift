/// Receives the list and object outputs of a view model, with their item types known, so a
/// renderer walks them without boxing each item.
public protocol OutputVisitor {
  mutating func visitList<Item: Outputs>(_ items: [Item])
  mutating func visitObject<Object: Outputs>(_ object: Object)
}

extension OutputVisitor {
  /// The calls `@Outputs` writes for every output; overloads pick the visit by the type, and
  /// scalars (read through `OutputValue`) are not visited.
  public mutating func visit<Item: Outputs>(_ items: [Item]) { visitList(items) }
  public mutating func visit<Object: Outputs>(_ object: Object) { visitObject(object) }
  public mutating func visit<Object: Outputs>(_ object: Object?) {
    if let object { visitObject(object) }
  }
  public mutating func visit<Scalar>(_ scalar: Scalar) {}
}
