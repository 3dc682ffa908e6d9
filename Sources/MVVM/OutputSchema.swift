/// The names and kinds of a view model's outputs. Templates are checked against it when they load,
/// so a page that binds an output its view model lacks, or repeats over text, never ships.
public struct OutputSchema: Sendable, Equatable {
  public var fields: [String: OutputKind]

  public init(_ fields: [String: OutputKind]) {
    self.fields = fields
  }

  /// Every way `outputs` disagrees with this schema, as readable lines (`rows[2].score: missing`).
  /// Empty when it provides every field with the declared kind. Tests use it on sample view models.
  public func mismatches(in outputs: any Outputs, path: String = "") -> [String] {
    var problems: [String] = []
    for (name, kind) in fields.sorted(by: { $0.key < $1.key }) {
      let place = path.isEmpty ? name : "\(path).\(name)"
      guard let value = outputs.output(named: name) else {
        problems.append("\(place): missing")
        continue
      }
      guard value.kind == kind.tag else {
        problems.append("\(place): is \(value.kind.rawValue), schema says \(kind.tag.rawValue)")
        continue
      }
      switch (value, kind) {
      case (.list(let items), .list(let itemSchema)):
        for (index, item) in items.enumerated() {
          problems += itemSchema.mismatches(in: item, path: "\(place)[\(index)]")
        }
      case (.object(let child), .object(let childSchema)):
        problems += childSchema.mismatches(in: child, path: place)
      default:
        break
      }
    }
    return problems
  }
}
