extension HTMLElement {
  /// The element written back as markup, as a browser's `outerHTML` writes it (the HTML
  /// standard's serialization): attributes in order and quoted, void elements without an end
  /// tag, text escaped. What a live page shows after its events can be compared byte for byte.
  ///
  /// ```swift
  /// let reloaded = try await client.page(Self.scores)
  /// #expect(live.page.element(id: "scores")?.html == reloaded.element(id: "scores")?.html)
  /// ```
  public var html: String {
    var markup = ""
    write(into: &markup)
    return markup
  }

  /// Elements that never have content, so never an end tag.
  static let voidElements: Set<String> = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
    "keygen", "link", "meta", "param", "source", "track", "wbr",
  ]

  /// Elements whose text is written as it is, never escaped.
  private static let rawTextElements: Set<String> = [
    "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
  ]

  /// Whether the element is one that never has content (`br`, `input`, `source`).
  var isVoid: Bool { Self.voidElements.contains(name) }

  private func write(into markup: inout String) {
    markup += "<" + name
    for attribute in attributes {
      markup += " " + attribute.name + "=\""
      Self.escape(attribute.value, into: &markup, inAttribute: true)
      markup += "\""
    }
    markup += ">"
    if isVoid { return }
    for child in children {
      switch child {
      case .element(let element): element.write(into: &markup)
      case .text(let text):
        if Self.rawTextElements.contains(name) {
          markup += text
        } else {
          Self.escape(text, into: &markup, inAttribute: false)
        }
      }
    }
    markup += "</" + name + ">"
  }

  /// `text` with `&`, no-break spaces, `<` and `>` escaped, and `"` in an attribute's value.
  private static func escape(_ text: String, into markup: inout String, inAttribute: Bool) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": markup += "&amp;"
      case "\u{A0}": markup += "&nbsp;"
      case "<": markup += "&lt;"
      case ">": markup += "&gt;"
      case "\"" where inAttribute: markup += "&quot;"
      default: markup.unicodeScalars.append(scalar)
      }
    }
  }
}
