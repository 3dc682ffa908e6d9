import Foundation
import MVVM
import Templating
import Testing

@Suite struct EscapingTests {
  static let dangerousURLs = [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)",
    "\u{1}\u{8}javascript:alert(1)",
    "java\tscript:alert(1)", "java\nscript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox(1)", "\u{2028}javascript:alert(1)", "&#106;avascript:alert(1)",
    "javascript&colon;alert(1)", "jav&#x09;ascript:alert(1)", "file:///etc/passwd",
  ]

  @Test(arguments: dangerousURLs)
  func dangerousURLsAreBlocked(url: String) throws {
    let fixture = try TemplateFixture(["a.xhtml": page(#"<a m:attr="href link">x</a>"#)])
    let html = try fixture.render("a.xhtml", LinkOnly(link: .web(url)))
    if url.contains("&") {
      // Entities in a value are text, not markup: escaped, they are a harmless relative path.
      #expect(!html.contains("javascript:") && html.contains("&amp;"))
    } else {
      #expect(html == #"<div><a href="about:invalid#blocked">x</a></div>"#)
    }
  }

  @Test(arguments: [
    "https://example.com/a?b=c", "http://x.test", "mailto:ann@example.com", "/matches", "page?x=1",
    "#top", "a/b:c",
  ])
  func safeURLsPass(url: String) throws {
    let fixture = try TemplateFixture(["a.xhtml": page(#"<a m:attr="href link">x</a>"#)])
    let html = try fixture.render("a.xhtml", LinkOnly(link: .web(url)))
    #expect(
      html
        == "<div><a href=\"\(String(decoding: HTMLEscapingProbe.escape(url), as: UTF8.self))\">x</a></div>"
    )
  }

  @Test func srcsetChecksEveryCandidate() throws {
    let fixture = try TemplateFixture(["i.xhtml": page(#"<img alt="" m:attr="srcset set"/>"#)])
    #expect(
      try fixture.render("i.xhtml", SourceSet(set: .web("/a.png 1x, /b.png 2x")))
        == #"<div><img alt="" srcset="/a.png 1x, /b.png 2x"></div>"#)
    #expect(
      try fixture.render("i.xhtml", SourceSet(set: .web("/a.png 1x, javascript:x 2x")))
        == #"<div><img alt="" srcset="about:invalid#blocked"></div>"#)
  }

  @Test(arguments: [
    "<script>alert(1)</script>", "\"><script>alert(1)</script>", "' onmouseover='alert(1)",
    "</textarea><img src=x onerror=alert(1)>", "\u{2028}\u{2029}",
  ])
  func textAndAttributeBreakoutsAreInert(value: String) throws {
    let fixture = try TemplateFixture(["t.xhtml": page(#"<p m:text="v" m:attr="title v">x</p>"#)])
    let html = try fixture.render("t.xhtml", TextValue(v: value))
    #expect(
      !html.contains("<script") && !html.contains("<img") && !html.contains("'")
        && !html.contains("=\"x"))
    let inner = html.dropFirst("<div><p title=\"".count).prefix { $0 != "\"" }
    #expect(String(inner) == String(decoding: HTMLEscapingProbe.escape(value), as: UTF8.self))
  }

  @Test func elementsOutsideTheVocabularyAreRefusedByTheSchema() throws {
    let fixture = try TemplateFixture(["bad.xhtml": page("\n<m:block/>")])
    let errors = fixture.errors(["bad.xhtml": Empty.outputSchema])
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("bad.xhtml:") == true)
  }
}

/// The escaping rule, restated independently for expectations: the five characters as references.
enum HTMLEscapingProbe {
  static func escape(_ text: String) -> [UInt8] {
    var out = ""
    for character in text.unicodeScalars {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&#34;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(character)
      }
    }
    return Array(out.utf8)
  }
}
