/// Receives a view model's outputs one at a time, each with its type known: a renderer writes
/// them, a test records them. Nothing is boxed on the way, and a stored object is handed over
/// where it lies, not copied (an optional one is copied out first).
public protocol OutputVisitor {
  /// A text output.
  mutating func visitText(_ text: String)
  /// A number output, which a template writes as digits.
  mutating func visitNumber(_ number: Int)
  /// A flag output.
  mutating func visitFlag(_ flag: Bool)
  /// A URL output: a link, or a destination wrapped in one.
  mutating func visitLink(_ link: Link)
  /// A list output, whole.
  mutating func visitList<Item: Outputs>(_ items: [Item])
  /// A list of unchanging items, whose markup a renderer may keep between renders. Visitors
  /// that keep nothing need not write it: by default it is visited as the list of the items.
  mutating func visitList<Item: Outputs>(_ items: [Unchanging<Item>])
  /// An object in place, valid for the length of the call.
  mutating func visitObject<Object: Outputs>(at object: UnsafePointer<Object>)
  /// An optional output that is nil.
  mutating func visitAbsent()
}

extension OutputVisitor {
  /// Visits the items, as a list of them.
  public mutating func visitList<Item: Outputs>(_ items: [Unchanging<Item>]) {
    visitList(items.map(\.item))
  }

  // The calls `@Outputs` writes for every output, with a pointer to its value (the property
  // itself when it is stored); overloads pick the visit by the type.
  /// Visits the text at `text`.
  public mutating func visit(at text: UnsafePointer<String>) { visitText(text.pointee) }
  /// Visits the number at `number`.
  public mutating func visit(at number: UnsafePointer<Int>) { visitNumber(number.pointee) }
  /// Visits the flag at `flag`.
  public mutating func visit(at flag: UnsafePointer<Bool>) { visitFlag(flag.pointee) }
  /// Visits the link at `link`.
  public mutating func visit(at link: UnsafePointer<Link>) { visitLink(link.pointee) }
  /// Visits the destination at `destination`, as a link.
  public mutating func visit(at destination: UnsafePointer<some Destination>) {
    visitLink(Link(destination.pointee))
  }
  /// Visits the list at `items`.
  public mutating func visit<Item: Outputs>(at items: UnsafePointer<[Item]>) {
    visitList(items.pointee)
  }
  /// Visits the list of unchanging items at `items`.
  public mutating func visit<Item: Outputs>(at items: UnsafePointer<[Unchanging<Item>]>) {
    visitList(items.pointee)
  }
  /// Visits the object at `object`, in place.
  public mutating func visit<Object: Outputs>(at object: UnsafePointer<Object>) {
    visitObject(at: object)
  }

  /// Visits the text at `text`, or its absence.
  public mutating func visit(at text: UnsafePointer<String?>) {
    if let text = text.pointee { visitText(text) } else { visitAbsent() }
  }
  /// Visits the number at `number`, or its absence.
  public mutating func visit(at number: UnsafePointer<Int?>) {
    if let number = number.pointee { visitNumber(number) } else { visitAbsent() }
  }
  /// Visits the link at `link`, or its absence.
  public mutating func visit(at link: UnsafePointer<Link?>) {
    if let link = link.pointee { visitLink(link) } else { visitAbsent() }
  }
  /// Visits the destination at `destination` as a link, or its absence.
  public mutating func visit<Target: Destination>(at destination: UnsafePointer<Target?>) {
    if let destination = destination.pointee { visitLink(Link(destination)) } else { visitAbsent() }
  }
  /// Visits the object at `object` (copied out of the optional first), or its absence.
  public mutating func visit<Object: Outputs>(at object: UnsafePointer<Object?>) {
    if let object = object.pointee {
      withUnsafePointer(to: object) { visitObject(at: $0) }
    } else {
      visitAbsent()
    }
  }
}
