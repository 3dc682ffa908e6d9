import MVVMWebTesting
import Testing

/// A page that a live stream's events are applied to, as `live.js` applies them: a pushed
/// element by its id, and each operation of a `rows` event on the keyed rows of its element and
/// the markup around them, text between elements included; what the script would give up on is
/// a failure that says why. (Tests/e2e/test_live_page_model.py checks the same against the
/// script itself in Chromium.)
@Suite struct LivePageModelTests {
  /// A page whose body is `body`.
  static func page(_ body: String) -> TestPage {
    TestPage(
      path: "/",
      html: "<!DOCTYPE html><html lang=\"en\"><head><title>Live</title></head><body>"
        + body + "</body></html>")
  }

  /// A `rows` event for the element `id`.
  static func rows(_ json: String, id: String = "l") -> LiveEvent {
    LiveEvent(event: "rows", data: id + "\n" + json)
  }

  /// The markup of the element `l` once `events` are applied to a page whose body is `body`.
  static func applied(_ body: String, _ events: LiveEvent...) throws -> String? {
    var page = page(body)
    for event in events { try page.apply(event) }
    return page.element(id: "l")?.html
  }

  static let list =
    #"<div id="l" data-live=""><p>2 rows</p><ul><li data-key="a">A</li><li data-key="b">B</li></ul></div>"#

  /// The list's element with these rows (`key` or `key:text`) in its `ul`.
  static func list(_ rows: String...) -> String {
    let items = rows.map { row in
      let parts = row.split(separator: ":", maxSplits: 1).map(String.init)
      return
        #"<li data-key="\#(parts[0])">\#(parts.count > 1 ? parts[1] : parts[0].uppercased())</li>"#
    }
    return #"<div id="l" data-live=""><p>2 rows</p><ul>"# + items.joined() + "</ul></div>"
  }

  @Test func aPushedElementTakesThePlaceOfTheElementWithItsID() throws {
    var page = Self.page(#"<main><p id="count" data-live="">1</p><p id="other">x</p></main>"#)
    try page.apply(LiveEvent(id: "e-2", data: "count\n<p id=\"count\" data-live=\"\">2\n3</p>"))
    #expect(
      page.root.descendants.first { $0.name == "main" }?.html
        == #"<main><p id="count" data-live="">2"# + "\n" + #"3</p><p id="other">x</p></main>"#)
    // An element the page does not have, markup whose element has another id, an event with no
    // id line, and events of other kinds leave the page as it is, as they leave the script.
    let before = page.root
    for event in [
      LiveEvent(data: "missing\n<p id=\"missing\">?</p>"),
      LiveEvent(data: "count\n<p id=\"other\">?</p>"),
      LiveEvent(data: "<p id=\"count\">?</p>"),
      LiveEvent(event: "reload", data: "too-large"),
      LiveEvent(retry: "2000"),
      LiveEvent(comment: "heartbeat"),
      Self.rows(#"[["drop","a"]]"#, id: "missing"),
    ] {
      try page.apply(event)
    }
    #expect(page.root == before)
  }

  @Test func aNewRowIsAddedFirstOrAfterTheRowItNames() throws {
    #expect(
      try Self.applied(Self.list, Self.rows(#"[["add","c",null,"<li data-key=\"c\">C</li>"]]"#))
        == Self.list("c", "a", "b"))
    #expect(
      try Self.applied(Self.list, Self.rows(#"[["add","c","a","<li data-key=\"c\">C</li>"]]"#))
        == Self.list("a", "c", "b"))
    #expect(
      try Self.applied(Self.list, Self.rows(#"[["add","c","b","<li data-key=\"c\">C</li>"]]"#))
        == Self.list("a", "b", "c"))
  }

  @Test func aRowIsMovedChangedOrDroppedByItsKey() throws {
    #expect(try Self.applied(Self.list, Self.rows(#"[["move","b",null]]"#)) == Self.list("b", "a"))
    #expect(try Self.applied(Self.list, Self.rows(#"[["move","a","b"]]"#)) == Self.list("b", "a"))
    // Already in place: nothing moves.
    #expect(try Self.applied(Self.list, Self.rows(#"[["move","b","a"]]"#)) == Self.list("a", "b"))
    #expect(
      try Self.applied(Self.list, Self.rows(#"[["set","a","<li data-key=\"a\">new</li>"]]"#))
        == Self.list("a:new", "b"))
    #expect(try Self.applied(Self.list, Self.rows(#"[["drop","a"]]"#)) == Self.list("b"))
    // In order, each on what the ones before it left: a row added is a row to place after.
    #expect(
      try Self.applied(
        Self.list,
        Self.rows(
          #"[["add","c",null,"<li data-key=\"c\">C</li>"],["move","b","c"],["set","c","<li data-key=\"c\">C2</li>"],["drop","a"]]"#
        )) == Self.list("c:C2", "b"))
  }

  /// Rows are nodes among the text around them: a row moved or added goes right beside the row
  /// it is placed by, and the text stays where it was, as in a browser.
  @Test func theTextBetweenRowsStaysWhereItWas() throws {
    let spaced =
      "<div id=\"l\" data-live=\"\"><ul>\n<li data-key=\"a\">A</li>\n<li data-key=\"b\">B</li>\n</ul></div>"
    #expect(
      try Self.applied(spaced, Self.rows(#"[["move","b",null]]"#))
        == "<div id=\"l\" data-live=\"\"><ul>\n<li data-key=\"b\">B</li><li data-key=\"a\">A</li>\n\n</ul></div>"
    )
    #expect(
      try Self.applied(spaced, Self.rows(#"[["add","c","a","<li data-key=\"c\">C</li>"]]"#))
        == "<div id=\"l\" data-live=\"\"><ul>\n<li data-key=\"a\">A</li><li data-key=\"c\">C</li>\n<li data-key=\"b\">B</li>\n</ul></div>"
    )
    #expect(
      try Self.applied(spaced, Self.rows(#"[["drop","a"]]"#))
        == "<div id=\"l\" data-live=\"\"><ul>\n\n<li data-key=\"b\">B</li>\n</ul></div>")
  }

  /// A start tag on the path to the rows: its changed attributes set where they are, new ones
  /// after them, and those it lost removed.
  @Test func aStartTagAroundTheRowsChangesOnlyItsAttributes() throws {
    let page =
      #"<div id="l" class="x" data-live="" title="t"><ul><li data-key="a">A</li></ul></div>"#
    #expect(
      try Self.applied(
        page,
        Self.rows(
          #"[["around",0,"tag","<div id=\"l\" class=\"y\" data-live=\"\" hidden=\"\">"],["around",1,"tag","<ul class=\"z\">"]]"#
        ))
        == #"<div id="l" class="y" data-live="" hidden=""><ul class="z"><li data-key="a">A</li></ul></div>"#
    )
  }

  /// The children before or after the next element on the path are replaced as a run, text
  /// included; the rows and the path stay.
  @Test func aRunOfChildrenAroundTheRowsIsReplacedWhole() throws {
    let page =
      "<div id=\"l\" data-live=\"\"><h2>Scores</h2>\n<table><tbody>\n<tr data-key=\"a\"><td>A</td></tr>\n</tbody><tfoot><tr><td>1</td></tr></tfoot></table>\n<p>end</p></div>"
    #expect(
      try Self.applied(
        page,
        Self.rows(
          #"[["around",0,"before","<h2>Points</h2> "],["around",0,"after",""],["around",1,"after","<tfoot><tr><td>2</td></tr></tfoot>"],["around",2,"before",""],["around",2,"after","\n  "]]"#
        ))
        == "<div id=\"l\" data-live=\"\"><h2>Points</h2> <table><tbody><tr data-key=\"a\"><td>A</td></tr>\n  </tbody><tfoot><tr><td>2</td></tr></tfoot></table></div>"
    )
  }

  /// One element of a run replaced by its place among the run's elements; the text between
  /// them and the other elements are kept.
  @Test func oneElementOfARunIsReplacedByItsPlace() throws {
    let page =
      "<div id=\"l\" data-live=\"\"><p>2 rows</p>\n<nav><a href=\"/2\">Next</a></nav><ul><li data-key=\"a\">A</li></ul></div>"
    #expect(
      try Self.applied(page, Self.rows(#"[["child",0,"before",0,2,"<p>3 rows</p>"]]"#))
        == "<div id=\"l\" data-live=\"\"><p>3 rows</p>\n<nav><a href=\"/2\">Next</a></nav><ul><li data-key=\"a\">A</li></ul></div>"
    )
    #expect(
      try Self.applied(
        page, Self.rows(#"[["child",0,"before",1,2,"<nav><a href=\"/3\">Last</a></nav>"]]"#))
        == "<div id=\"l\" data-live=\"\"><p>2 rows</p>\n<nav><a href=\"/3\">Last</a></nav><ul><li data-key=\"a\">A</li></ul></div>"
    )
  }

  /// The markup around the rows made to match markup the server could not split (a script in
  /// it): each element on the path keeps its node and takes the new attributes; the rows stay.
  @Test func markupOutsideTheRowsIsMadeToMatchAlongThePath() throws {
    let page =
      #"<div id="l" data-live="" class="x"><p>2 rows</p><ul><li data-key="a">A</li><li data-key="b">B</li></ul></div>"#
    #expect(
      try Self.applied(
        page,
        Self.rows(
          #"[["outside","<div id=\"l\" data-live=\"\"><script>var n = 3 < 4;</script><ul start=\"2\">","</ul>\n<p>end</p></div>"]]"#
        ))
        == "<div id=\"l\" data-live=\"\"><script>var n = 3 < 4;</script><ul start=\"2\"><li data-key=\"a\">A</li><li data-key=\"b\">B</li></ul>\n<p>end</p></div>"
    )
  }

  /// What the script would give up on (and open its stream again) fails the test, naming the
  /// operation and why, and leaves the page as it was.
  @Test func anEventThatDoesNotFitIsAFailureThatSaysWhy() throws {
    let cases: [(json: String, why: String)] = [
      (
        #"[["drop","a"],["move","zz",null]]"#,
        "operation 2, “move” “zz” null: no row has the key “zz”"
      ),
      (
        #"[["set","zz","<li>Z</li>"]]"#,
        "operation 1, “set” “zz” “<li>Z</li>”: no row has the key “zz”"
      ),
      (
        #"[["add","b",null,"<li data-key=\"b\">B</li>"]]"#,
        "operation 1, “add” “b” null: a row with the key “b” is there already"
      ),
      (
        #"[["add","c","zz","<li data-key=\"c\">C</li>"]]"#,
        "operation 1, “add” “c” “zz”: no row keyed “zz” is among the rows to place it after"
      ),
      (
        #"[["add","c",null,"just text"]]"#,
        "operation 1, “add” “c” null: its markup reads as no element"
      ),
      (
        #"[["around",2,"before",""]]"#,
        "operation 1, “around” 2 “before”: there is no level 2 on the path to the rows (2 levels)"
      ),
      (
        #"[["around",0,"inside",""]]"#,
        "operation 1, “around” 0 “inside”: “inside” is neither “before” nor “after”"
      ),
      (
        #"[["child",0,"before",0,3,"<p>3</p>"]]"#,
        "operation 1, “child” 0 “before”: the run holds 1 element(s) on the page, not 3"
      ),
      (
        #"[["child",0,"before",0,1,"<p>3</p> "]]"#,
        "operation 1, “child” 0 “before”: its markup is not one element alone"
      ),
      (
        #"[["outside","<div id=\"other\" data-live=\"\"><ul>","</ul></div>"]]"#,
        #"operation 1, “outside” “<div id="other" data-live=""><ul>” “</ul></div>”: "#
          + "its markup is not the element #l around the rows"
      ),
      // The server sends this when the rows' parent changes kind; the script cannot apply it.
      (
        #"[["outside","<div id=\"l\" data-live=\"\"><ol>","</ol></div>"]]"#,
        #"operation 1, “outside” “<div id="l" data-live=""><ol>” “</ol></div>”: "#
          + "the page nests the rows in div > ul, its markup in div > ol"
      ),
      (#"[["sort","a"]]"#, "operation 1, “sort” “a”: live.js knows no such operation"),
      (#"[["drop",1]]"#, "operation 1, “drop” 1: its item 1 is not a string"),
      (
        #"[["around","0","tag",""]]"#,
        "operation 1, “around” “0” “tag”: its item 1 is not a whole number"
      ),
    ]
    for (json, why) in cases {
      var page = Self.page(Self.list)
      let before = page.root
      let failure = #expect(throws: TestFailure.self, "\(json)") { try page.apply(Self.rows(json)) }
      #expect(
        failure?.description
          == "The rows event for #l does not fit the page (live.js would give up and reload the "
          + "element): \(why).")
      #expect(page.root == before)
    }
    let prefix =
      "The rows event for #l does not fit the page (live.js would give up and reload the element): "
    var page = Self.page(Self.list)
    let notJSON = #expect(throws: TestFailure.self) { try page.apply(Self.rows("[[\"drop\"")) }
    #expect(notJSON?.description == prefix + "its operations are not a JSON array.")
    var bare = Self.page(#"<div id="l" data-live=""><ul></ul></div>"#)
    let noRows = #expect(throws: TestFailure.self) { try bare.apply(Self.rows(#"[["drop","a"]]"#)) }
    #expect(noRows?.description == prefix + "#l has no keyed rows.")
  }

  /// The rows of a live element are its own, not those of a live element inside it: the
  /// script's, and `rows(id:)`.
  @Test func theRowsOfALiveElementInsideAreItsOwn() throws {
    let page =
      #"<div id="l" data-live=""><ul><li data-key="a">A<div id="m" data-live=""><i data-key="a">inner</i></div></li><li data-key="b">B</li></ul></div>"#
    #expect(Self.page(page).rows(id: "l").map { $0["data-key"] } == ["a", "b"])
    #expect(Self.page(page).rows(id: "m").map(\.text) == ["inner"])
    #expect(Self.page(page).rows(id: "none").isEmpty)
    let moved = try Self.applied(page, Self.rows(#"[["move","b",null]]"#))
    #expect(
      moved
        == #"<div id="l" data-live=""><ul><li data-key="b">B</li><li data-key="a">A<div id="m" data-live=""><i data-key="a">inner</i></div></li></ul></div>"#
    )
  }

  /// An element's markup written back as a browser's `outerHTML` writes it, from what a
  /// browser's parser makes of the page (where libxml2's differs: elements HTML 4 did not know
  /// as empty, a line break that opens a `pre`, CR LF).
  @Test func markupIsWrittenBackAsABrowserWritesIt() {
    let page = Self.page(
      "<div id=\"l\"><p title='a\"b&lt;&amp;'>x &amp; y&nbsp;&lt;<br>z</p>\r\n"
        + "<video><source src=\"a\"><source src=\"b\"> <track kind=\"captions\"></video>"
        + "<pre>\nkept</pre><script>if (a < b && c > d) {}</script></div>")
    #expect(
      page.element(id: "l")?.html
        == "<div id=\"l\"><p title=\"a&quot;b&lt;&amp;\">x &amp; y&nbsp;&lt;<br>z</p>\n"
        + "<video><source src=\"a\"><source src=\"b\"> <track kind=\"captions\"></video>"
        + "<pre>kept</pre><script>if (a < b && c > d) {}</script></div>")
  }
}
