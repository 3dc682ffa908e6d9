/// A served page read back as a browser reads it: its forms, found by what a person sees on
/// them, and its elements by id.
///
/// ```swift
/// let page = try await client.page("/")
/// #expect(page.text(id: "greetings") == "Nobody yet: be the first.")
/// let form = try page.form(submit: "Greet me")
/// ```
public struct TestPage: Sendable {
  /// The address the page was read from, for a form with no `action`.
  public let path: String
  /// The page's elements (its `head` and `body` children, under one element); on a page a
  /// stream follows, as its events left them (`apply(_:)`).
  public internal(set) var root: HTMLElement

  /// The page read from `html`, served at `path`.
  public init(path: String, html: String) {
    self.path = path
    root = HTMLElement.parse(html)
  }

  /// Every form of the page, in order.
  public var forms: [TestForm] {
    root.descendants.filter { $0.name == "form" }.map { TestForm($0, on: self) }
  }

  /// The form whose submit button says `label` ("Save"), or a failure naming the buttons there
  /// are.
  public func form(submit label: String) throws -> TestForm {
    try one(
      forms.filter { form in
        form.fields.contains { ($0.type == "submit" || $0.type == "button") && $0.label == label }
      }, "a submit button “\(label)”")
  }

  /// The form whose `<legend>` says `legend`.
  public func form(legend: String) throws -> TestForm {
    try one(
      forms.filter { form in
        form.element.descendants.contains { $0.name == "legend" && $0.text == collapsed(legend) }
      }, "the legend “\(legend)”")
  }

  /// The form with the `id`.
  public func form(id: String) throws -> TestForm {
    try one(forms.filter { $0.element["id"] == id }, "the id “\(id)”")
  }

  /// The text of the element with the `id` (white space made single), or nil when there is none.
  public func text(id: String) -> String? {
    root.element(id: id)?.text
  }

  /// The element with the `id`, or nil.
  public func element(id: String) -> HTMLElement? {
    root.element(id: id)
  }

  private func one(_ found: [TestForm], _ what: String) throws -> TestForm {
    guard found.count == 1, let form = found.first else {
      let buttons = forms.flatMap { $0.fields.filter { $0.type == "submit" }.map(\.label) }
      throw TestFailure(
        "\(path) has \(found.isEmpty ? "no" : "\(found.count)") form(s) with \(what); its forms' "
          + "buttons: \(buttons.isEmpty ? "none" : buttons.joined(separator: ", ")).")
    }
    return form
  }
}
