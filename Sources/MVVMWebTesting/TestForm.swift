/// A form of a served page, filled in as a person would: fields found by their labels, boxes
/// ticked by theirs, and sent with `TestClient.submit`. A label the form does not have is a test
/// failure (`TestFailure`), never a field quietly added, so a test cannot post what the page
/// could not send.
///
/// ```swift
/// var form = try await client.page("/shout").form(submit: "Greet me")
/// try form.fill("Your name", with: "Ada")
/// try form.tick("Shout it")
/// #expect(
///   try await client.submit(form, followingRedirects: true).page.text(id: "greetings")
///     == "Hello, ADA!")
/// #expect(throws: TestFailure.self) { try form.fill("Nickname", with: "A") }
/// ```
public struct TestForm: Sendable {
  /// One control of the form.
  public struct Field: Sendable {
    /// Its `name`: what it is sent as.
    public let name: String
    /// `input`'s type (`text`, `checkbox`, `hidden`…), or `select`, `textarea`, `button`.
    public let type: String
    /// What a person reads for it: its `<label>`'s text (or a button's own), "" when none.
    public let label: String
    /// Its `id`, if any.
    public let id: String?
    /// The ids of the elements that describe it (`aria-describedby`): its messages.
    public let describedBy: [String]
    /// Whether it is disabled, so never sent.
    public let disabled: Bool
    /// What it holds: a text field's text, a box's value, a select's chosen option.
    public var value: String
    /// Whether a checkbox or radio button is ticked.
    public var checked: Bool
    /// Where a submit button sends the form instead of its action (`formaction`).
    public let formAction: String?
    /// How a submit button sends the form instead of its method (`formmethod`), lowercased.
    public let formMethod: String?
  }

  /// The `<form>` element as served.
  public let element: HTMLElement
  /// The page the form is on, for its messages and its address.
  public let page: TestPage
  /// The controls, in document order.
  public private(set) var fields: [Field]

  init(_ element: HTMLElement, on page: TestPage) {
    self.element = element
    self.page = page
    fields = Self.fields(of: element, page: page.root)
  }

  /// Where the form is sent: its `action`, or the page's own address when it has none.
  public var action: String { element["action"].flatMap { $0.isEmpty ? nil : $0 } ?? page.path }
  /// `get` or `post`, as the form says (`get` by default, as in a browser).
  public var method: String { (element["method"] ?? "get").lowercased() }
  /// The number the page wrote on a form that answers as people type (`data-inputs`), which
  /// its input events send back; nil for a form without live inputs.
  public var inputsNumber: String? { element["data-inputs"] }

  /// Types `value` into the field labelled `label` (a text field, a text area, a hidden one has
  /// no label), replacing what it held.
  public mutating func fill(_ label: String, with value: String) throws {
    let index = try field(labelled: label) {
      !["checkbox", "radio", "button", "submit"].contains($0.type)
    }
    fields[index].value = value
  }

  /// Ticks the checkbox or radio button labelled `label` (a radio button unticks the others of
  /// its group).
  public mutating func tick(_ label: String) throws {
    let index = try field(labelled: label) { $0.type == "checkbox" || $0.type == "radio" }
    if fields[index].type == "radio" {
      for other in fields.indices where fields[other].name == fields[index].name {
        fields[other].checked = false
      }
    }
    fields[index].checked = true
  }

  /// Unticks the checkbox labelled `label`.
  public mutating func untick(_ label: String) throws {
    let index = try field(labelled: label) { $0.type == "checkbox" }
    fields[index].checked = false
  }

  /// What the field labelled `label` holds now: what was typed, or what the page kept of it.
  public func value(of label: String) throws -> String {
    fields[try field(labelled: label) { _ in true }].value
  }

  /// Whether the box labelled `label` is ticked.
  public func isTicked(_ label: String) throws -> Bool {
    fields[try field(labelled: label) { $0.type == "checkbox" || $0.type == "radio" }].checked
  }

  /// The message the page shows for the field labelled `label` (the text of the elements its
  /// `aria-describedby` names), or nil when there is none or it is empty.
  public func message(for label: String) throws -> String? {
    let field = fields[try field(labelled: label) { _ in true }]
    let text = field.describedBy.compactMap { page.root.element(id: $0)?.text }
      .filter { !$0.isEmpty }.joined(separator: " ")
    return text.isEmpty ? nil : text
  }

  /// The fields as the browser sends them with `button` (a submit button's label, or nil for
  /// the form's first): names and values of what is enabled, boxes only when ticked, in order.
  public func pairs(button: String? = nil) throws -> [(name: String, value: String)] {
    let submitter = try button.map { label in
      try field(labelled: label) { $0.type == "submit" || $0.type == "button" }
    }
    return fields.indices.compactMap { index in
      let field = fields[index]
      guard !field.disabled, !field.name.isEmpty else { return nil }
      switch field.type {
      case "checkbox", "radio": return field.checked ? (field.name, field.value) : nil
      case "submit", "button", "image", "reset":
        return index == submitter ? (field.name, field.value) : nil
      case "file": return nil
      default: return (field.name, field.value)
      }
    }
  }

  /// The submit button labelled `label`, or the form's first when nil, or a failure.
  func submitButton(_ label: String?) throws -> Field? {
    guard let label else { return fields.first { $0.type == "submit" } }
    return fields[try field(labelled: label) { $0.type == "submit" || $0.type == "button" }]
  }

  /// The index of the one field labelled `label` that `fits`, or the failure that says what the
  /// form has instead.
  private func field(labelled label: String, fits: (Field) -> Bool) throws -> Int {
    let wanted = collapsed(label)
    let exact = fields.indices.filter { fields[$0].label == wanted && fits(fields[$0]) }
    if exact.count == 1 { return exact[0] }  // trap-ok: counted just above
    let partial = fields.indices.filter { fields[$0].label.contains(wanted) && fits(fields[$0]) }
    if exact.isEmpty && partial.count == 1 { return partial[0] }  // trap-ok: counted just above
    let labels = fields.filter(fits).map(\.label).filter { !$0.isEmpty }
    throw TestFailure(
      exact.count + partial.count > 1
        ? "The form has several fields labelled “\(label)”: \(labels.joined(separator: ", "))."
        : "The form has no field labelled “\(label)” that takes this; its fields: "
          + (labels.isEmpty ? "none" : labels.joined(separator: ", ")) + ".")
  }

  /// The controls below `form`, with the labels that name them.
  private static func fields(of form: HTMLElement, page: HTMLElement) -> [Field] {
    let labelsFor = Dictionary(
      page.descendants.filter { $0.name == "label" }.compactMap { label in
        label["for"].map { ($0, collapsed(label.text)) }
      }, uniquingKeysWith: { first, _ in first })
    var fields: [Field] = []
    func walk(_ element: HTMLElement, enclosingLabel: String?) {
      let label = element.name == "label" ? collapsed(element.text) : enclosingLabel
      if ["input", "select", "textarea", "button"].contains(element.name) {
        fields.append(field(element, label: element["id"].flatMap { labelsFor[$0] } ?? label ?? ""))
      }
      for child in element.children {
        if case .element(let inner) = child { walk(inner, enclosingLabel: label) }
      }
    }
    walk(form, enclosingLabel: nil)
    return fields
  }

  private static func field(_ element: HTMLElement, label: String) -> Field {
    let type =
      switch element.name {
      case "input": (element["type"] ?? "text").lowercased()
      case "button": (element["type"] ?? "submit").lowercased()
      default: element.name
      }
    let value: String
    var checked = false
    switch element.name {
    case "textarea":
      value = element.children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    case "select":
      let options = element.descendants.filter { $0.name == "option" }
      let chosen = options.first { $0["selected"] != nil } ?? options.first
      value = chosen.map { $0["value"] ?? $0.text } ?? ""
    case "button":
      value = element["value"] ?? ""
    default:
      value = element["value"] ?? (type == "checkbox" || type == "radio" ? "on" : "")
      checked = element["checked"] != nil
    }
    return Field(
      name: element["name"] ?? "", type: type,
      label: element.name == "button" ? collapsed(element.text) : label, id: element["id"],
      describedBy: (element["aria-describedby"] ?? "").split(separator: " ").map(String.init),
      disabled: element["disabled"] != nil, value: value, checked: checked,
      formAction: element["formaction"], formMethod: element["formmethod"]?.lowercased())
  }
}

/// A test that asked for something the app did not give: a form or field the page does not have,
/// an answer that did not come in time. Its description says what was there instead.
public struct TestFailure: Error, CustomStringConvertible {
  /// What went wrong, in words.
  public let description: String

  /// A failure saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
