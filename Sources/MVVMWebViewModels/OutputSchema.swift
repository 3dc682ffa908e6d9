/// The outputs of a view model type, in declaration order: each one's name and kind. Templates
/// are checked against it when they load, and each binding becomes the output's field number.
public struct OutputSchema: Sendable, Equatable {
  /// The outputs, in declaration order: a field's index is its number.
  public let fields: [OutputField]
  private let indexByName: [String: Int]

  /// The schema of `fields`. `@Outputs` writes it; a name given twice resolves to its first field.
  public init(_ fields: [OutputField]) {
    self.fields = fields
    indexByName = Dictionary(
      fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The field number of the output named `name`, or nil.
  public func index(of name: String) -> Int? {
    indexByName[name]
  }

  /// Two schemas are equal when their fields are.
  public static func == (left: OutputSchema, right: OutputSchema) -> Bool {
    left.fields == right.fields
  }
}

/// One output: its name (the property's) and kind (from the property's type, through the
/// initializers below, which take a key path to the property: a type no kind fits does not
/// compile). A stored property of a struct also says where it lies, so a renderer reads it there.
public struct OutputField: Sendable, Equatable {
  /// The output's name, which templates use: the property's name.
  public let name: String
  /// What kind of value the output holds.
  public let kind: OutputKind
  /// Where the value lies in an instance, for the values a renderer reads without asking the
  /// type (a struct's stored `String`, `Int`, `Bool`, `Link` or object); nil for the rest.
  public let storage: OutputStorage?

  /// An output read through the accessor only, without storage: for schemas made by hand, as tests
  /// do.
  public init(_ name: String, kind: OutputKind) {
    self.init(name, kind: kind, storage: nil)
  }

  /// Storage comes only from the key-path initializers below, with the kind of the same type.
  init(_ name: String, kind: OutputKind, storage: OutputStorage?) {
    self.name = name
    self.kind = kind
    self.storage = storage
  }

  /// A text output; a struct's stored property is read where it lies.
  public init<Root>(_ name: String, _ path: KeyPath<Root, String>) {
    self.init(name, kind: .text, storage: OutputStorage(path))
  }
  /// A number, written as text; a struct's stored property is read where it lies.
  public init<Root>(_ name: String, _ path: KeyPath<Root, Int>) {
    self.init(name, kind: .text, storage: OutputStorage(path))
  }
  /// A flag; a struct's stored property is read where it lies.
  public init<Root>(_ name: String, _ path: KeyPath<Root, Bool>) {
    self.init(name, kind: .flag, storage: OutputStorage(path))
  }
  /// A URL from a link; a struct's stored property is read where it lies.
  public init<Root>(_ name: String, _ path: KeyPath<Root, Link>) {
    self.init(name, kind: .url, storage: OutputStorage(path))
  }
  /// A URL from a destination, printed by the site's links.
  public init<Root, Target: Destination>(_ name: String, _ path: KeyPath<Root, Target>) {
    self.init(name, kind: .url)
  }
  /// An object with outputs of its own; a struct's stored one is read where it lies.
  public init<Root, Object: Outputs>(_ name: String, _ path: KeyPath<Root, Object>) {
    self.init(
      name, kind: .object(Object.outputSchema), storage: OutputStorage(path))
  }
  /// A list of view models, for `m:repeat`.
  public init<Root, Item: Outputs>(_ name: String, _ path: KeyPath<Root, [Item]>) {
    self.init(name, kind: .list(Item.outputSchema))
  }
  /// A list of unchanging view models, for `m:repeat`: read as a list of the items.
  public init<Root, Item: Outputs>(_ name: String, _ path: KeyPath<Root, [Unchanging<Item>]>) {
    self.init(name, kind: .list(Item.outputSchema))
  }
  /// Text that may be absent.
  public init<Root>(_ name: String, _ path: KeyPath<Root, String?>) {
    self.init(name, kind: .optional(.text))
  }
  /// A number that may be absent.
  public init<Root>(_ name: String, _ path: KeyPath<Root, Int?>) {
    self.init(name, kind: .optional(.text))
  }
  /// A link that may be absent.
  public init<Root>(_ name: String, _ path: KeyPath<Root, Link?>) {
    self.init(name, kind: .optional(.url))
  }
  /// A destination that may be absent.
  public init<Root, Target: Destination>(_ name: String, _ path: KeyPath<Root, Target?>) {
    self.init(name, kind: .optional(.url))
  }
  /// An object that may be absent: `m:object` drops its element then.
  public init<Root, Object: Outputs>(_ name: String, _ path: KeyPath<Root, Object?>) {
    self.init(name, kind: .optional(.object(Object.outputSchema)))
  }
}

/// Where a plain stored value or object lies in its instance, and what it is. The offset comes from
/// `MemoryLayout.offset(of:)` on a typed key path, so it exists only for a struct's stored
/// property of exactly that type; a computed or observed property, or a class's, has none.
public struct OutputStorage: Sendable, Equatable {
  /// What lies at the offset, so a renderer reads it as that type.
  public enum Layout: Sendable, Equatable {
    /// A `String`, an `Int`, a `Bool` or a `Link`.
    case string, number, flag, link
    /// A view model inside this one, of this type.
    case object(any Outputs.Type)

    /// Two layouts are equal when they read the same type.
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
  /// What lies there.
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
