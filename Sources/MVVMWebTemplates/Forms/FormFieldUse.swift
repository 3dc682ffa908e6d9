import MVVMWebViewModels

/// A named field of a template's form, as the check against the view model's inputs sees it: what
/// it sends under its name, and where it is.
struct FormFieldUse {
  /// The field's name; nil when a binding gives it (`m:attr="name …"`), known only from data.
  let name: String?
  /// `input`, `select`, `textarea` or `button`.
  let element: String
  /// An `input`'s type, lowercased (`text` when it has none).
  let type: String
  /// A `select` that takes several choices.
  let multiple: Bool
  /// Whether it is inside an `m:repeat`, so the page may hold it many times.
  let repeated: Bool
  let file: String
  let line: Int

  /// The field `element` is, or nil for an element that sends nothing under a name of its own.
  init?(_ element: TemplateElement, repeated: Bool) {
    guard ["input", "select", "textarea", "button"].contains(element.name) else { return nil }
    let plain = { (name: String) in
      element.attributes.first { !$0.isBinding && $0.name == name }?.value
    }
    let boundName =
      element.binding("attr")?.split(separator: ";").contains {
        $0.split(separator: " ", omittingEmptySubsequences: true).first == "name"
      } ?? false
    guard boundName || plain("name").map({ !$0.isEmpty }) == true else { return nil }
    name = boundName ? nil : plain("name")
    self.element = element.name
    type = element.name == "input" ? (plain("type") ?? "text").lowercased() : element.name
    multiple = plain("multiple") != nil
    self.repeated = repeated
    file = element.file
    line = element.line
  }

  /// What the field sends under its name, in words, when that does not fit `kind`; nil when it
  /// fits.
  func misfit(_ kind: InputKind) -> String? {
    let isCheckbox = element == "input" && type == "checkbox"
    let sendsMany = isCheckbox && repeated || element == "select" && multiple
    switch kind {
    case .carried: return nil
    case .list:
      return isCheckbox || sendsMany || type == "hidden" ? nil : "one value (\(described))"
    case .flag:
      if sendsMany { return "a value per ticked box (\(described) in m:repeat)" }
      return isCheckbox ? nil : "a value typed or chosen (\(described)), not a checkbox"
    case .text:
      if isCheckbox {
        return repeated
          ? "a value per ticked box (a checkbox in m:repeat)" : "a checkbox, ticked or not"
      }
      if sendsMany { return "several choices (\(described))" }
      return type == "file" ? "a file (\(described))" : nil
    }
  }

  private var described: String {
    element == "input"
      ? "<input type=\"\(type)\">" : multiple ? "<select multiple>" : "<\(element)>"
  }
}
