import MVVM

/// A view model's outputs plus a few the coordinator adds: the links and form actions only the
/// navigation layer knows. View models never hold URLs; pages need them.
struct ExtendedOutputs: Outputs {
  let base: any Outputs
  let extra: [String: Output]

  init(_ base: any Outputs, _ extra: [String: Output]) {
    self.base = base
    self.extra = extra
  }

  /// The page schema comes from `OutputSchema.adding`, not from here.
  static let outputSchema = OutputSchema([:])

  func output(named name: String) -> Output? {
    extra[name] ?? base.output(named: name)
  }
}

extension OutputSchema {
  /// This schema with more fields, as a page that extends its view model declares.
  func adding(_ fields: [String: OutputKind]) -> OutputSchema {
    OutputSchema(self.fields.merging(fields) { _, new in new })
  }

  /// This schema with more fields on the items of the list `name`.
  func addingToItems(of name: String, _ itemFields: [String: OutputKind]) -> OutputSchema {
    guard case .list(let items)? = fields[name] else { return self }
    return adding([name: .list(items.adding(itemFields))])
  }
}
