import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// A page's forms checked against its view model's inputs when templates load: every named field
/// must be an input, of a kind that fits, and an input no form sends is listed.
@Suite struct InputsCheckTests {
  static let inputs = [
    InputDeclaration(name: "name", kind: .text),
    InputDeclaration(name: "subscribed", kind: .flag),
    InputDeclaration(name: "tags", kind: .list(max: 10)),
    InputDeclaration(name: "draft", kind: .carried(max: 1)),
  ]

  func load(_ body: String) throws(TemplateErrors) -> TemplateLibrary {
    let fixture = try? TemplateFixture(["f.xhtml": page(body)])
    return try TemplateLibrary(
      directory: fixture?.directory ?? "", pages: ["f.xhtml": Rows.outputSchema],
      inputs: ["f.xhtml": Self.inputs])
  }

  func errors(_ body: String) -> [String] {
    do {
      _ = try load(body)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  @Test func aFormWhoseFieldsAreInputsLoads() throws {
    let library = try load(
      """
      <form method="post" m:inputs="">
        <input name="name" type="email"/><textarea name="draft">d</textarea>
        <input type="checkbox" name="subscribed"/><select name="tags" multiple="multiple"><option>a</option></select>
        <label m:repeat="rows"><input type="checkbox" name="tags" value="t"/></label>
        <button type="submit">Save</button>
      </form>
      """)
    #expect(library.unsentInputs.isEmpty)
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

  @Test func inputsNoFormSendsAreListed() throws {
    // A page whose forms have no fields (a delete button) sends none of its view model's inputs
    // by design: nothing is listed for it.
    #expect(try load(#"<form method="post"><button>Delete</button></form>"#).unsentInputs == [])
    let library = try load(#"<form method="post"><input name="name"/></form>"#)
    #expect(
      library.unsentInputs.map(\.description) == [
        #"f.xhtml: input "subscribed" is sent by no form"#,
        #"f.xhtml: input "tags" is sent by no form"#,
        #"f.xhtml: input "draft" is sent by no form"#,
      ])
    // A field whose name comes from data may carry a draft: checked when it is posted.
    let carrying = try load(
      #"<form method="post"><input name="name" type="hidden" m:repeat="rows" m:attr="name name"/></form>"#
    )
    #expect(carrying.unsentInputs.map(\.name) == ["name", "subscribed", "tags"])
  }
}
