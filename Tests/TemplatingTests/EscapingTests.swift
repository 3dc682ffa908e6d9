import Foundation
import MVVMWebTemplates
import MVVMWebViewModels
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

/// The word- and block-at-a-time scan against a plain scalar-by-scalar statement of the rule, on
/// strings that put every kind of character at every offset of an eight-byte word and a
/// sixteen-byte block, beside the neighbours of the bytes the scan looks for.
@Suite struct EscapingScanTests {
  static let alphabet: [Unicode.Scalar] = [
    0x61, 0x5A, 0x20, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x09, 0x0A, 0x00, 0x1F, 0x7F, 0xE9, 0x80, 0x9F,
    0xA0, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFE, 0xFFFF, 0xFFFD, 0x20AC, 0x1F600, 0x21, 0x23, 0x25, 0x28,
    0x3B, 0x3D, 0x3F, 0x7E,
  ].compactMap(Unicode.Scalar.init(_:))

  /// The same strings on every run (a linear congruential generator), so a failure repeats.
  struct Repeatable: RandomNumberGenerator {
    var state: UInt64 = 2026
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }

  @Test func everyCharacterAtEveryOffsetEscapesAsTheRuleSays() {
    var generator = Repeatable()
    #expect(Self.alphabet.count == 33)
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...40, using: &generator)
      var text = String.UnicodeScalarView()
      for _ in 0..<length {
        // Mostly plain letters, as text is, so long plain runs meet the odd special one.
        text.append(
          Bool.random(using: &generator)
            ? "m" : Self.alphabet.randomElement(using: &generator) ?? "m")
      }
      let string = String(text)
      #expect(HTMLEscaping.escaped(string) == Self.expected(string), "\(string.debugDescription)")
    }
  }

  /// The five as references; C0 controls but tab, newline, form feed and carriage return, DEL,
  /// C1 controls and the noncharacters U+FDD0–U+FDEF, U+FFFE and U+FFFF dropped.
  static func expected(_ text: String) -> [UInt8] {
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let dropped =
        (value < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains(value)) || (0x7F...0x9F).contains(value)
        || (0xFDD0...0xFDEF).contains(value) || value == 0xFFFE || value == 0xFFFF
      if !dropped { kept.append(scalar) }
    }
    return HTMLEscapingProbe.escape(String(kept))
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
