import Foundation
import MVVMWeb
import Synchronization
import Testing

/// The names the form saved.
final class SavedNames: Sendable {
  let names = Mutex<[String]>([])
}

/// A form's view model for the tests: a name that must not be empty, saved into `saved`, or a
/// store that fails when `failing`.
@Outputs
final class NameForm: SavableForm {
  @OutputIgnored let saved: SavedNames
  @OutputIgnored let failing: Bool
  var name: String = ""
  var nameError: String?

  init(saved: SavedNames, failing: Bool) {
    self.saved = saved
    self.failing = failing
  }

  func setName(_ text: String) {
    name = text
    nameError = nil
  }

  func validate() {
    nameError = name.isEmpty ? "Enter a name" : nil
  }

  func save() throws -> Outcome {
    validate()
    if let nameError { return .failed(message: nameError) }
    if failing { throw CocoaError(.fileWriteUnknown) }
    saved.names.withLock { $0.append(name) }
    return .done
  }

  func reportStoreFailure() {
    nameError = "Not saved: try again"
  }
}

extension NameForm: Inputs {
  static let inputs: [Input<NameForm>] = [.text("name", setName)]
}

enum NameFormPage: Page {
  typealias ViewModel = NameForm
  static let template = "name.xhtml"
}

/// One form page, one registration: its GET, its post's three outcomes and its input events.
@Suite struct FormPageTests {
  static let route = Route("/people/:group/new", String.self)
  static let template = """
    <?xml version="1.0" encoding="UTF-8"?>
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" lang="en">
      <head><title>New</title><script src="/static/mvvmweb/live.js" defer="defer"></script></head>
      <body>
        <form method="post" m:inputs="">
          <div id="name-field" m:live="">
            <input name="name" value="" m:attr="value name"/>
            <p id="name-error" m:text="nameError">error</p>
          </div>
        </form>
      </body>
    </html>
    """

  let saved = SavedNames()

  func site(template: String = Self.template, failing: Bool = false) throws -> WebSite {
    let directory = NSTemporaryDirectory() + "mvvmweb-form-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try template.write(toFile: directory + "/name.xhtml", atomically: true, encoding: .utf8)
    var site = Site(SiteConfiguration(templatesDirectory: directory))
    site.form(Self.route, NameFormPage.self, allowed: .everyone) { [saved] _, _ in
      NameForm(saved: saved, failing: failing)
    } done: { request, _, group in
      .redirect(to: request.location(Self.route.path(group)))
    }
    return try site.build()
  }

  func answer(
    _ site: WebSite, _ method: HTTPMethod, _ body: String = "", event: Bool = false
  ) throws -> (status: Int, text: String, location: String?) {
    var headers: HTTPHeaders = [
      "Host": "localhost", "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
    ]
    if event { headers.add("MVVMWeb-Input", "1") }
    let response = site.respond(
      to: try Request(
        method: method, target: "/people/friends/new", headers: headers, body: Array(body.utf8)))
    guard case .bytes(let bytes) = response.body else {
      return (response.status.code, "", response.headers["Location"])
    }
    return (
      response.status.code, String(decoding: bytes, as: UTF8.self), response.headers["Location"]
    )
  }

  @Test func theFormsGetShowsTheForm() throws {
    let page = try answer(try site(), .get)
    #expect(page.status == 200)
    #expect(page.text.contains(#"<input name="name" value="">"#))
  }

  @Test func aGoodPostSavesAndGoesWhereDoneSays() throws {
    let posted = try answer(try site(), .post, "name=Ada")
    #expect(posted.status == 303 && posted.location == "/people/friends/new")
    #expect(saved.names.withLock { $0 } == ["Ada"])
  }

  @Test func aRefusedPostComesBackWithTheMessageByItsField() throws {
    let refused = try answer(try site(), .post, "name=")
    #expect(refused.status == 422)
    #expect(refused.text.contains(#"<p id="name-error">Enter a name</p>"#))
    #expect(saved.names.withLock { $0 }.isEmpty)
  }

  @Test func aStoreThatCannotSaveKeepsWhatWasTyped() throws {
    let failed = try answer(try site(failing: true), .post, "name=Ada")
    #expect(failed.status == 503)
    #expect(failed.text.contains(#"<input name="name" value="Ada">"#))
    #expect(failed.text.contains("Not saved: try again"))
  }

  @Test func anInputEventValidatesAndSavesNothing() throws {
    let typed = try answer(try site(), .post, "name=", event: true)
    #expect(typed.status == 200)
    #expect(
      typed.text == """
        <div id="name-field">
        <input name="name" value="">
        <p id="name-error">Enter a name</p>
        </div>
        """)
    let good = try answer(try site(), .post, "name=Ada", event: true)
    #expect(good.text.contains(#"value="Ada""#) && !good.text.contains("Enter a name"))
    #expect(saved.names.withLock { $0 }.isEmpty)
  }

  @Test func aFieldTheViewModelDoesNotTakeStopsTheSiteAtItsLine() throws {
    let misspelled = Self.template.replacingOccurrences(of: #"name="name""#, with: #"name="nmae""#)
    let error = try #require(throws: TemplateErrors.self) { try site(template: misspelled) }
    // Both sides of one misspelling: a field nobody reads, and an input nobody sends.
    #expect(
      error.errors.map(\.description) == [
        #"name.xhtml:7: the form field "nmae" is not an input of the page's view model (its inputs: name)"#,
        #"name.xhtml:7: no field of the page's forms sends "name", an input of its view model (declared at MVVMWebTests/FormPageTests.swift:48): add the field, or remove the input"#,
      ])
  }

  @Test func aPageWithLivePartsAndNoScriptStopsTheSite() throws {
    let scriptless = Self.template.replacingOccurrences(
      of: #"<script src="/static/mvvmweb/live.js" defer="defer"></script>"#, with: "")
    let error = try #require(throws: TemplateErrors.self) { try site(template: scriptless) }
    #expect(
      error.errors.map(\.description) == [
        #"name.xhtml:5: the page has live parts (m:live, m:inputs) but does not load their script: add <script src="/static/mvvmweb/live.js" defer="defer"></script> to its head, or they never change"#
      ])
  }
}
