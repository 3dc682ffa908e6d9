import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// A page's forms checked against its view model's inputs when templates load: every named field
/// must be an input, of a kind that fits, and every input must be sent by a field.
@Suite struct InputsCheckTests {
  static let inputs = [
    InputDeclaration(name: "name", kind: .text, declaredAt: "Shop/Form.swift:10"),
    InputDeclaration(name: "subscribed", kind: .flag, declaredAt: "Shop/Form.swift:11"),
    InputDeclaration(name: "tags", kind: .list(max: 10), declaredAt: "Shop/Form.swift:12"),
    InputDeclaration(name: "draft", kind: .carried(max: 1), declaredAt: "Shop/Form.swift:13"),
  ]

  func load(_ body: String) throws(TemplateErrors) -> TemplateLibrary {
    let fixture = try? TemplateFixture(["f.xhtml": page(body)])
    return try TemplateLibrary(
      directory: fixture?.directory ?? "", pages: ["f.xhtml": Rows.outputSchema],
      inputs: ["f.xhtml": Self.inputs])
  }

  /// The load's errors; those of inputs no field sends only `includingUnsent`.
  func errors(_ body: String, includingUnsent: Bool = false) -> [String] {
    do {
      _ = try load(body)
      return []
    } catch {
      return error.errors.map(\.description).filter {
        includingUnsent || !$0.contains("no field of the page's forms sends")
      }
    }
  }

  @Test func aFormWhoseFieldsAreInputsLoads() throws {
    _ = try load(
      """
      <form method="post" m:inputs="">
        <input name="name" type="email"/><textarea name="draft">d</textarea>
        <input type="checkbox" name="subscribed"/><select name="tags" multiple="multiple"><option>a</option></select>
        <label m:repeat="rows"><input type="checkbox" name="tags" value="t"/></label>
        <button type="submit">Save</button>
      </form>
      """)
  }

  @Test func aMisspelledFieldStopsTheLoadAtItsLine() {
    #expect(
      errors(
        """
        <form method="post">
          <input name="nmae"/>
        </form>
        <input name="outside"/>
        """)
        == [
          #"f.xhtml:2: the form field "nmae" is not an input of the page's view model (its inputs: name, subscribed, tags, draft)"#
        ])
  }

  @Test(arguments: [
    (
      #"<input type="checkbox" name="name"/>"#,
      #"the form field "name" sends a checkbox, ticked or not, but the input "name" takes a single value (text)"#
    ),
    (
      #"<label m:repeat="rows"><input type="checkbox" name="name"/></label>"#,
      #"the form field "name" sends a value per ticked box (a checkbox in m:repeat), but the input "name" takes a single value (text)"#
    ),
    (
      #"<select name="name" multiple="multiple"><option>a</option></select>"#,
      #"the form field "name" sends several choices (<select multiple>), but the input "name" takes a single value (text)"#
    ),
    (
      #"<input type="number" name="subscribed"/>"#,
      #"the form field "subscribed" sends a value typed or chosen (<input type="number">), not a checkbox, but the input "subscribed" takes one checkbox (flag)"#
    ),
    (
      #"<label m:repeat="rows"><input type="checkbox" name="subscribed"/></label>"#,
      #"the form field "subscribed" sends a value per ticked box (<input type="checkbox"> in m:repeat), but the input "subscribed" takes one checkbox (flag)"#
    ),
    (
      #"<input type="text" name="tags"/>"#,
      #"the form field "tags" sends one value (<input type="text">), but the input "tags" takes a list of values (list)"#
    ),
    (
      #"<input type="file" name="name"/>"#,
      #"the form field "name" sends a file (<input type="file">), but the input "name" takes a single value (text)"#
    ),
  ])
  func aFieldOfAnotherKindStopsTheLoad(field: String, message: String) {
    #expect(errors("<form method=\"post\">\(field)</form>") == ["f.xhtml:1: \(message)"])
  }

  @Test func anInputNoFieldSendsStopsTheLoadNamingItsDeclaration() throws {
    // A page whose forms have no fields (a delete button) sends none of its view model's inputs
    // by design: it loads.
    _ = try load(#"<form method="post"><button>Delete</button></form>"#)
    #expect(
      errors("<form method=\"post\">\n<input name=\"name\"/></form>", includingUnsent: true) == [
        #"f.xhtml:2: no field of the page's forms sends "subscribed", an input of its view model (declared at Shop/Form.swift:11): add the field, or remove the input"#,
        #"f.xhtml:2: no field of the page's forms sends "tags", an input of its view model (declared at Shop/Form.swift:12): add the field, or remove the input"#,
        #"f.xhtml:2: no field of the page's forms sends "draft", an input of its view model (declared at Shop/Form.swift:13): add the field, or remove the input"#,
      ])
    // A field whose name comes from data may carry a draft: checked when it is posted.
    #expect(
      errors(
        #"<form method="post"><input name="name" type="hidden" m:repeat="rows" m:attr="name name"/></form>"#,
        includingUnsent: true
      ).map { $0.split(separator: "\"")[1] } == ["name", "subscribed", "tags"])
  }
}
