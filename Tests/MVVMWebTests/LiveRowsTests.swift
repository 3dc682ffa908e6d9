import Foundation
import MVVMWebTemplates
import MVVMWebTesting
import Testing

@testable import MVVMWeb

/// The diff of a live element's keyed rows between two renders: applied to the old element as
/// `live.js` applies it (the test kit's page model), the operations must give the new element
/// exactly.
@Suite struct LiveRowsTests {
  /// `<ul id="l">` with a `<li data-key="…">` per row (its text after the colon), then `</ul>`.
  static func element(
    _ rows: [String], before: String = "<ul id=\"l\">", after: String = "</ul>"
  )
    -> LiveElement
  {
    var html = Array(before.utf8)
    var marks = [html.count]
    for row in rows {
      let parts = row.split(separator: ":", maxSplits: 1)
      let text = parts.count > 1 ? String(parts[1]) : String(parts[0]).uppercased()
      html += "<li data-key=\"\(parts[0])\">\(text)</li>".utf8
      marks.append(html.count)
    }
    html += after.utf8
    return LiveElement(id: "l", html: html, rows: KeyedRows(html, marks: marks))
  }

  func operations(_ old: LiveElement, _ new: LiveElement) throws -> String {
    guard case .operations(let json) = LiveRows.diff(from: old, to: new) else {
      Issue.record("expected operations")
      return ""
    }
    return String(decoding: json, as: UTF8.self)
  }

  @Test func aNewRowIsAddedAfterTheOneBeforeIt() throws {
    let old = Self.element(["b", "a"])
    #expect(
      try operations(old, Self.element(["c", "b", "a"]))
        == #"[["add","c",null,"<li data-key=\"c\">C</li>"]]"#)
    #expect(
      try operations(old, Self.element(["b", "c", "a"]))
        == #"[["add","c","b","<li data-key=\"c\">C</li>"]]"#)
  }

  @Test func aChangedRowIsSetAndTheOthersAreNotNamed() throws {
    #expect(
      try operations(Self.element(["a", "b", "c"]), Self.element(["a", "b:new", "c"]))
        == #"[["set","b","<li data-key=\"b\">new</li>"]]"#)
  }

  @Test func aRemovedRowIsDropped() throws {
    #expect(
      try operations(Self.element(["a", "b", "c"]), Self.element(["a", "c"])) == #"[["drop","b"]]"#)
  }

  @Test func onlyTheRowsOutOfOrderMove() throws {
    #expect(
      try operations(Self.element(["a", "b", "c", "d"]), Self.element(["d", "a", "b", "c"]))
        == #"[["move","d",null]]"#)
    #expect(
      try operations(Self.element(["a", "b", "c", "d"]), Self.element(["a", "c", "b:moved", "d"]))
        == #"[["move","b","c"],["set","b","<li data-key=\"b\">moved</li>"]]"#
        || operations(
          Self.element(["a", "b", "c", "d"]), Self.element(["a", "c", "b:moved", "d"]))
          == #"[["move","c","a"],["set","b","<li data-key=\"b\">moved</li>"]]"#
    )
  }

  @Test func markupOutsideTheRowsIsSentWithoutTheRows() throws {
    let old = Self.element(
      ["a", "b"], before: "<div id=\"l\"><p>2 rows</p><ul>", after: "</ul></div>")
    let new = Self.element(
      ["a", "b", "c"], before: "<div id=\"l\"><p>3 rows</p><ul>", after: "</ul></div>")
    #expect(
      try operations(old, new)
        == #"[["add","c","b","<li data-key=\"c\">C</li>"],["around",0,"before","<p>3 rows</p>"]]"#
    )
  }

  /// In a run of several elements around the rows (a count and a pager), only the element that
  /// changed is sent, by its place among the run's elements; a run whose text between elements
  /// or number of elements changed is sent whole.
  @Test func onlyTheElementsThatChangedInARunAreSent() throws {
    func element(_ before: String) -> LiveElement {
      Self.element(["a", "b"], before: "<div id=\"l\">" + before + "<ul>", after: "</ul></div>")
    }
    let old = element("<p>2 rows</p>\n<nav><a href=\"/2\">Next</a></nav><img src=\"x\">")
    #expect(
      try operations(
        old, element("<p>3 rows</p>\n<nav><a href=\"/2\">Next</a></nav><img src=\"x\">"))
        == #"[["child",0,"before",0,3,"<p>3 rows</p>"]]"#)
    #expect(
      try operations(
        old, element("<p>3 rows</p>\n<nav><a href=\"/2\">Last</a></nav><img src=\"y\">"))
        == #"[["around",0,"before","<p>3 rows</p>\n<nav><a href=\"/2\">Last</a></nav><img src=\"y\">"]]"#
    )
    #expect(
      try operations(
        old, element("<p>3 rows</p> <nav><a href=\"/2\">Next</a></nav><img src=\"x\">"))
        == #"[["around",0,"before","<p>3 rows</p> <nav><a href=\"/2\">Next</a></nav><img src=\"x\">"]]"#
    )
    #expect(
      try operations(old, element("<p>2 rows</p>\n<nav><a href=\"/2\">Next</a></nav>"))
        == #"[["around",0,"before","<p>2 rows</p>\n<nav><a href=\"/2\">Next</a></nav>"]]"#)
  }

  /// Only the parts around the rows that changed: an element's start tag on the path to the
  /// rows, or its children before or after the path.
  @Test func eachChangedPartAroundTheRowsIsSentOnItsOwn() throws {
    let old = Self.element(
      ["a"], before: "<div id=\"l\" class=\"x\"><h2>T</h2><table><tbody>",
      after: "</tbody><tfoot><tr><td>1</td></tr></tfoot></table><br><p>end</p></div>")
    let new = Self.element(
      ["a"], before: "<div id=\"l\" class=\"y\"><h2>T</h2><table><tbody class=\"z\">",
      after: "</tbody><tfoot><tr><td>2</td></tr></tfoot></table><br><p>end</p></div>")
    #expect(
      try operations(old, new)
        == #"[["around",0,"tag","<div id=\"l\" class=\"y\">"],["around",1,"after","<tfoot><tr><td>2</td></tr></tfoot>"],["around",2,"tag","<tbody class=\"z\">"]]"#
    )
  }

  /// Markup that does not split the same way along the path (the rows moved into another
  /// element) is sent whole around the rows.
  @Test func markupThatDoesNotSplitTheSameWayIsSentWhole() throws {
    let old = Self.element(["a"], before: "<div id=\"l\"><ul>", after: "</ul></div>")
    let new = Self.element(["a"], before: "<div id=\"l\"><ol>", after: "</ol></div>")
    #expect(
      try operations(old, new) == #"[["outside","<div id=\"l\"><ol>","</ol></div>"]]"#)
    let script = Self.element(
      ["a"], before: "<div id=\"l\"><script>x</script><ul>", after: "</ul></div>")
    #expect(
      try operations(old, script)
        == #"[["outside","<div id=\"l\"><script>x</script><ul>","</ul></div>"]]"#)
  }

  @Test func aRepeatedKeyOrAnEmptyListSendsTheElement() {
    #expect(
      LiveRows.diff(from: Self.element(["a", "b"]), to: Self.element(["a", "b", "a:again"]))
        == .duplicateKey("a"))
    #expect(LiveRows.diff(from: Self.element([]), to: Self.element(["a"])) == .element)
    #expect(LiveRows.diff(from: Self.element(["a"]), to: Self.element([])) == .element)
    let unkeyed = LiveElement(id: "l", html: Array("<ul id=\"l\"></ul>".utf8))
    #expect(LiveRows.diff(from: unkeyed, to: Self.element(["a"])) == .element)
  }

  @Test func keysAndMarkupAreQuotedForJSON() throws {
    let old = Self.element(["a"])
    var new = Self.element(["a"])
    let html = Array("<ul id=\"l\">\n<li data-key=\"q&quot;\\\">\t\u{1}</li></ul>".utf8)
    new = LiveElement(
      id: "l", html: html, rows: KeyedRows(html, marks: [12, html.count - 5]))
    #expect(
      try operations(old, new)
        == #"[["add","q\"\\",null,"<li data-key=\"q&quot;\\\">\t\u0001</li>"],["drop","a"],["around",0,"before","\n"]]"#
    )
  }

  /// Random old and new lists, with random markup around them: the operations, applied to the
  /// old element as `live.js` applies them (the test kit's page model), give the new element
  /// exactly.
  @Test func appliedOperationsGiveTheNewElementForAnyChange() throws {
    var generator = SystemRandomNumberGenerator()
    // Around the rows, on one path to them (the script gives up on another, and the stream
    // sends the element again): nothing, a count that changes (one element of a run), a start
    // tag and runs that change, and markup the diff does not split (a script).
    let arounds: [(before: String, after: String)] = [
      (#"<div id="l" data-live=""><ul>"#, "</ul></div>"),
      (#"<div id="l" data-live=""><p>N rows</p>"# + "\n" + "<nav>Next</nav><ul>", "</ul></div>"),
      (
        #"<div id="l" data-live="" class="busy"><p>N rows</p><ul class="x">"#,
        "</ul>\n<p>end</p></div>"
      ),
      (#"<div id="l" data-live=""><script>var n = "N";</script><ul>"#, "</ul></div>"),
    ]
    for _ in 0..<500 {
      let pool = (0..<8).map { "k\($0)" }
      let old = pool.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
      let new = pool.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
        .map { Int.random(in: 0..<4, using: &generator) == 0 ? "\($0):changed" : $0 }
      guard !old.isEmpty, !new.isEmpty else { continue }
      func element(_ rows: [String]) -> LiveElement {
        let around = arounds.randomElement(using: &generator) ?? arounds[0]
        return Self.element(
          rows, before: around.before.replacing("N", with: String(rows.count)),
          after: around.after)
      }
      let (was, now) = (element(old), element(new))
      let json = try operations(was, now)
      var page = TestPage(path: "/", html: String(decoding: was.html, as: UTF8.self))
      try page.apply(LiveEvent(event: "rows", data: "l\n" + json))
      #expect(
        page.element(id: "l")?.html == String(decoding: now.html, as: UTF8.self),
        "\(old) → \(new): \(json)")
    }
  }
}
