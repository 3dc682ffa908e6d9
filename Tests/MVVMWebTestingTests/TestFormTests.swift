import MVVMWebTesting
import Testing

/// Forms read back from served HTML as a browser reads them: found by what a person sees,
/// filled by label, and sent as a browser would send them.
@Suite struct TestFormTests {
  static let html = """
    <!DOCTYPE html>
    <html lang="en"><head><title>Forms</title></head><body>
    <form method="post" action="/players/new" id="player" data-inputs="1">
      <fieldset><legend>New player</legend>
      <input type="hidden" name="token" value="t1">
      <label for="name">Name</label>
      <input id="name" name="name" value="Ada" aria-describedby="name-error">
      <p id="name-error">That name is taken</p>
      <label><input type="checkbox" name="home" value="a1" checked> Alice</label>
      <label><input type="checkbox" name="home" value="b2"> Bruno</label>
      <label><input type="checkbox" name="home" value="c3" disabled> Chloé</label>
      <label for="notes">Notes</label><textarea id="notes" name="notes">line one
    line two</textarea>
      <label for="side">Side</label>
      <select id="side" name="side"><option value="h">Home</option><option value="a" selected>Away</option></select>
      <button type="submit">Save</button>
      <button type="submit" name="more" value="1" formmethod="get" formaction="/players/more">Save and add</button>
      </fieldset>
    </form>
    <form method="post" action="/users/refresh"><button type="submit">Refresh</button></form>
    </body></html>
    """

  let page = TestPage(path: "/players/new", html: Self.html)

  @Test func aFormIsFoundByItsButtonItsLegendOrItsID() throws {
    #expect(page.forms.count == 2)
    #expect(try page.form(submit: "Save").action == "/players/new")
    #expect(try page.form(legend: "New player").element["id"] == "player")
    #expect(try page.form(id: "player").inputsNumber == "1")
    #expect(try page.form(submit: "Refresh").inputsNumber == nil)
    let missing = #expect(throws: TestFailure.self) { try page.form(submit: "Delete") }
    #expect(
      missing?.description
        == "/players/new has no form(s) with a submit button “Delete”; its forms' buttons: Save, "
        + "Save and add, Refresh.")
  }

  @Test func fieldsAreSentAsABrowserSendsThem() throws {
    let form = try page.form(submit: "Save")
    let sent = try form.pairs().map { "\($0.name)=\($0.value)" }
    #expect(sent == ["token=t1", "name=Ada", "home=a1", "notes=line one\nline two", "side=a"])
    let withButton = try form.pairs(button: "Save and add").map { "\($0.name)=\($0.value)" }
    #expect(withButton.last == "more=1")
  }

  @Test func fieldsAreFilledAndTickedByTheirLabels() throws {
    var form = try page.form(submit: "Save")
    try form.fill("Name", with: "Grace")
    try form.untick("Alice")
    try form.tick("Bruno")
    #expect(try form.value(of: "Name") == "Grace")
    #expect(try form.isTicked("Bruno") && !form.isTicked("Alice"))
    #expect(try form.message(for: "Name") == "That name is taken")
    #expect(try form.message(for: "Notes") == nil)
    let sent = try form.pairs().map { "\($0.name)=\($0.value)" }
    #expect(sent == ["token=t1", "name=Grace", "home=b2", "notes=line one\nline two", "side=a"])
  }

  @Test func aFieldThePageDoesNotHaveFailsTheTest() throws {
    var form = try page.form(submit: "Save")
    let unknown = #expect(throws: TestFailure.self) { try form.fill("Nickname", with: "A") }
    #expect(
      unknown?.description
        == "The form has no field labelled “Nickname” that takes this; its fields: Name, Notes, "
        + "Side.")
    // A box is ticked, not filled.
    #expect(throws: TestFailure.self) { try form.fill("Alice", with: "x") }
    #expect(throws: TestFailure.self) { try form.tick("Name") }
  }
}
