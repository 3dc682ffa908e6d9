/// Receives a view model's outputs one at a time, each with its type known: a renderer writes
/// them, a test records them. Nothing is boxed on the way, and a stored object is handed over
/// where it lies, not copied (an optional one is copied out first).
public protocol OutputVisitor {
  mutating func visitText(_ text: String)
  mutating func visitNumber(_ number: Int)
  mutating func visitFlag(_ flag: Bool)
  mutating func visitLink(_ link: Link)
  mutating func visitList<Item: Outputs>(_ items: [Item])
  /// An object in place, valid for the length of the call.
  mutating func visitObject<Object: Outputs>(at object: UnsafePointer<Object>)
  /// An optional output that is nil.
  mutating func visitAbsent()
}

extension OutputVisitor {
  // The calls `@Outputs` writes for every output, with a pointer to its value (the property
  // itself when it is stored); overloads pick the visit by the type.
  public mutating func visit(at text: UnsafePointer<String>) { visitText(text.pointee) }
  public mutating func visit(at number: UnsafePointer<Int>) { visitNumber(number.pointee) }
  public mutating func visit(at flag: UnsafePointer<Bool>) { visitFlag(flag.pointee) }
  public mutating func visit(at link: UnsafePointer<Link>) { visitLink(link.pointee) }
  public mutating func visit(at destination: UnsafePointer<some Destination>) {
    visitLink(Link(destination.pointee))
  }
  public mutating func visit<Item: Outputs>(at items: UnsafePointer<[Item]>) {
    visitList(items.pointee)
  }
  public mutating func visit<Object: Outputs>(at object: UnsafePointer<Object>) {
    visitObject(at: object)
  }

  public mutating func visit(at text: UnsafePointer<String?>) {
    if let text = text.pointee { visitText(text) } else { visitAbsent() }
  }
  public mutating func visit(at number: UnsafePointer<Int?>) {
    if let number = number.pointee { visitNumber(number) } else { visitAbsent() }
  }
  public mutating func visit(at link: UnsafePointer<Link?>) {
    if let link = link.pointee { visitLink(link) } else { visitAbsent() }
  }
  public mutating func visit<Target: Destination>(at destination: UnsafePointer<Target?>) {
    if let destination = destination.pointee { visitLink(Link(destination)) } else { visitAbsent() }
  }
  public mutating func visit<Object: Outputs>(at object: UnsafePointer<Object?>) {
    if let object = object.pointee {
      withUnsafePointer(to: object) { visitObject(at: $0) }
    } else {
      visitAbsent()
    }
  }
}
