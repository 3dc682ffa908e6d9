/// The outputs of a view model type, in declaration order: each one's name and kind. Templates
/// are checked against it when they load, and each binding becomes the output's field number.
public struct OutputSchema: Sendable, Equatable {
  public let fields: [OutputField]
  private let indexByName: [String: Int]

  public init(_ fields: [OutputField]) {
    self.fields = fields
    indexByName = Dictionary(
      fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The field number of the output named `name`, or nil.
  public func index(of name: String) -> Int? {
    indexByName[name]
  }

  public static func == (left: OutputSchema, right: OutputSchema) -> Bool {
    left.fields == right.fields
  }
}

/// One output: its name (the property's) and kind (from the property's type, through the
/// initializers below, which take a key path to the property: a type no kind fits does not
/// compile). A stored property of a struct also says where it lies, so a renderer reads it there.
public struct OutputField: Sendable, Equatable {
  public let name: String
  public let kind: OutputKind
  /// Where the value lies in an instance, for the values a renderer reads without asking the
  /// type (a struct's stored `String`, `Int`, `Bool`, `Link` or object); nil for the rest.
  public let storage: OutputStorage?

  public init(_ name: String, kind: OutputKind) {
    self.init(name, kind: kind, storage: nil)
  }

  /// Storage comes only from the key-path initializers below, with the kind of the same type.
  init(_ name: String, kind: OutputKind, storage: OutputStorage?) {
    self.name = name
    self.kind = kind
    self.storage = storage
  }

  public init<Root>(_ name: String, _ path: KeyPath<Root, String>) {
    self.init(name, kind: .text, storage: OutputStorage(path))
  }
  public init<Root>(_ name: String, _ path: KeyPath<Root, Int>) {
    self.init(name, kind: .text, storage: OutputStorage(path))
  }
  public init<Root>(_ name: String, _ path: KeyPath<Root, Bool>) {
    self.init(name, kind: .flag, storage: OutputStorage(path))
  }
  public init<Root>(_ name: String, _ path: KeyPath<Root, Link>) {
    self.init(name, kind: .url, storage: OutputStorage(path))
  }
  public init<Root, Target: Destination>(_ name: String, _ path: KeyPath<Root, Target>) {
    self.init(name, kind: .url)
  }
  public init<Root, Object: Outputs>(_ name: String, _ path: KeyPath<Root, Object>) {
    self.init(
      name, kind: .object(Object.outputSchema), storage: OutputStorage(path))
  }
  public init<Root, Item: Outputs>(_ name: String, _ path: KeyPath<Root, [Item]>) {
    self.init(name, kind: .list(Item.outputSchema))
  }
  public init<Root>(_ name: String, _ path: KeyPath<Root, String?>) {
    self.init(name, kind: .optional(.text))
  }
  public init<Root>(_ name: String, _ path: KeyPath<Root, Int?>) {
    self.init(name, kind: .optional(.text))
  }
  public init<Root>(_ name: String, _ path: KeyPath<Root, Link?>) {
    self.init(name, kind: .optional(.url))
  }
  public init<Root, Target: Destination>(_ name: String, _ path: KeyPath<Root, Target?>) {
    self.init(name, kind: .optional(.url))
  }
  public init<Root, Object: Outputs>(_ name: String, _ path: KeyPath<Root, Object?>) {
    self.init(name, kind: .optional(.object(Object.outputSchema)))
  }
}

/// Where a plain stored value or object lies in its instance, and what it is. The offset comes from
/// `MemoryLayout.offset(of:)` on a typed key path, so it exists only for a struct's stored
/// property of exactly that type; a computed or observed property, or a class's, has none.
public struct OutputStorage: Sendable, Equatable {
  public enum Layout: Sendable, Equatable {
    case string, number, flag, link
    /// A view model inside this one, of this type.
    case object(any Outputs.Type)

    public static func == (left: Layout, right: Layout) -> Bool {
      switch (left, right) {
      case (.string, .string), (.number, .number), (.flag, .flag), (.link, .link): true
      case (.object(let a), .object(let b)): a == b
      default: false
      }
    }
  }

  /// The type the offset was measured on: a reader checks that the instance is of this type.
  public let root: ObjectIdentifier
  /// Bytes from the start of the instance.
  public let offset: Int
  public let layout: Layout

  // One initializer per layout, so a layout always matches its value's type.
  init?<Root>(_ path: KeyPath<Root, String>) { self.init(path, .string) }
  init?<Root>(_ path: KeyPath<Root, Int>) { self.init(path, .number) }
  init?<Root>(_ path: KeyPath<Root, Bool>) { self.init(path, .flag) }
  init?<Root>(_ path: KeyPath<Root, Link>) { self.init(path, .link) }
  init?<Root, Object: Outputs>(_ path: KeyPath<Root, Object>) {
    self.init(path, .object(Object.self))
  }

  private init?<Root, Value>(_ path: KeyPath<Root, Value>, _ layout: Layout) {
    guard let offset = MemoryLayout<Root>.offset(of: path) else { return nil }
    root = ObjectIdentifier(Root.self)
    self.offset = offset
    self.layout = layout
  }
}
