import MVVMWebViewModels

/// The check of a page's forms against its view model's inputs, made when templates load: every
/// named field must be one of the inputs and fit its kind, so a misspelled field stops the site
/// instead of arriving empty.
enum InputsCheck {
  /// The problems of `fields` against `inputs`, each at its field's `file:line`.
  static func errors(_ fields: [FormFieldUse], inputs: [InputDeclaration]) -> [TemplateError] {
    var errors: [TemplateError] = []
    for field in fields {
      // A name from data is checked when the form is posted, against the same inputs.
      guard let name = field.name else { continue }
      guard let input = inputs.first(where: { $0.name == name }) else {
        let names = inputs.map(\.name).joined(separator: ", ")
        errors.append(
          TemplateError(
            file: field.file, line: field.line,
            message: "the form field \"\(name)\" is not an input of the page's view model"
              + (names.isEmpty ? ", which takes none" : " (its inputs: \(names))")))
        continue
      }
      if let misfit = field.misfit(input.kind) {
        errors.append(
          TemplateError(
            file: field.file, line: field.line,
            message: "the form field \"\(name)\" sends \(misfit), but the input \"\(name)\" "
              + "takes \(input.kind.name)"))
      }
    }
    return errors
  }

  /// An error for each input no form of the page sends, at the page's first field: an input
  /// event nobody can send, or a field the template forgot. A carried input counts as sent by a
  /// field whose name comes from data (the hidden fields of a carried draft); a page whose forms
  /// have no fields (a delete button on a view model that has a form elsewhere) sends none by
  /// design.
  static func unsent(_ fields: [FormFieldUse], inputs: [InputDeclaration]) -> [TemplateError] {
    guard let first = fields.first else { return [] }
    let names = Set(fields.compactMap(\.name))
    let carriesData = fields.contains { $0.name == nil }
    return inputs.filter { input in
      if names.contains(input.name) { return false }
      if case .carried = input.kind, carriesData { return false }
      return true
    }.map { input in
      TemplateError(
        file: first.file, line: first.line,
        message: "no field of the page's forms sends \"\(input.name)\", an input of its view "
          + "model (declared at \(input.declaredAt)): add the field, or remove the input")
    }
  }
}
