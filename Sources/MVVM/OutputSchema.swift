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
/// initializers below: a type no kind fits does not compile).
public struct OutputField: Sendable, Equatable {
  public let name: String
  public let kind: OutputKind

  public init(_ name: String, kind: OutputKind) {
    self.name = name
    self.kind = kind
  }

  public init(_ name: String, _ type: String.Type) { self.init(name, kind: .text) }
  public init(_ name: String, _ type: Int.Type) { self.init(name, kind: .text) }
  public init(_ name: String, _ type: Bool.Type) { self.init(name, kind: .flag) }
  public init(_ name: String, _ type: Link.Type) { self.init(name, kind: .url) }
  public init<Target: Destination>(_ name: String, _ type: Target.Type) {
    self.init(name, kind: .url)
  }
  public init<Object: Outputs>(_ name: String, _ type: Object.Type) {
    self.init(name, kind: .object(Object.outputSchema))
  }
  public init<Item: Outputs>(_ name: String, _ type: [Item].Type) {
    self.init(name, kind: .list(Item.outputSchema))
  }
  public init(_ name: String, _ type: String?.Type) { self.init(name, kind: .optional(.text)) }
  public init(_ name: String, _ type: Int?.Type) { self.init(name, kind: .optional(.text)) }
  public init(_ name: String, _ type: Link?.Type) { self.init(name, kind: .optional(.url)) }
  public init<Target: Destination>(_ name: String, _ type: Target?.Type) {
    self.init(name, kind: .optional(.url))
  }
  public init<Object: Outputs>(_ name: String, _ type: Object?.Type) {
    self.init(name, kind: .optional(.object(Object.outputSchema)))
  }
}
