import CMVVMWebXML2

/// An element of a page as a browser reads it, for finding forms, fields and messages in a test:
/// its name, attributes and children, read back from the served HTML with libxml2's HTML parser.
public struct HTMLElement: Sendable, Equatable {
  /// A child: an element or text.
  public enum Child: Sendable, Equatable {
    /// An element inside this one.
    case element(HTMLElement)
    /// Text, as written (entities read).
    case text(String)
  }

  /// The element's name, in lowercase (`form`, `input`).
  public let name: String
  /// Its attributes, in order.
  public let attributes: [(name: String, value: String)]
  /// Its children, in order.
  public let children: [Child]

  /// The value of the attribute `name`, or nil when the element has none.
  public subscript(attribute: String) -> String? {
    attributes.first { $0.name == attribute }?.value
  }

  /// The text inside the element, its descendants' included, with runs of white space made one
  /// space and none at either end: what a person reads.
  public var text: String {
    collapsed(rawText)
  }

  /// Every element below this one, in document order.
  public var descendants: [HTMLElement] {
    children.flatMap { child -> [HTMLElement] in
      guard case .element(let element) = child else { return [] }
      return [element] + element.descendants
    }
  }

  /// The first element below this one with the `id`, or nil.
  public func element(id: String) -> HTMLElement? {
    descendants.first { $0["id"] == id }
  }

  private var rawText: String {
    children.map { child in
      switch child {
      case .text(let text): text
      case .element(let element): " " + element.rawText + " "
      }
    }.joined()
  }

  public static func == (left: HTMLElement, right: HTMLElement) -> Bool {
    left.name == right.name && left.children == right.children
      && left.attributes.elementsEqual(right.attributes) { $0 == $1 }
  }

  /// The elements of `html` (a page, or the fragments an input event answers with), as a
  /// browser's parser reads them; wrapped in one `body` element. Comments are left out.
  public static func parse(_ html: String) -> HTMLElement {
    guard let html = read(html) else {
      return HTMLElement(name: "body", attributes: [], children: [])
    }
    // A page is html > (head, body); a fragment lands in body too.
    let parts = html.children.compactMap { child -> HTMLElement? in
      guard case .element(let element) = child else { return nil }
      return element
    }
    let head = parts.first { $0.name == "head" }
    let body = parts.first { $0.name == "body" }
    return HTMLElement(
      name: "body", attributes: body?.attributes ?? [],
      children: (head.map { [.element($0)] } ?? []) + (body?.children ?? []))
  }

  /// The nodes of `html` read as a browser reads an element's `innerHTML`: text first or alone
  /// included (a page's parser would drop white space there, or put text in a paragraph).
  static func fragment(_ html: String) -> [Child] {
    guard let document = read("<body>" + html) else { return [] }
    return document.children.lazy.compactMap { child -> [Child]? in
      guard case .element(let element) = child, element.name == "body" else { return nil }
      return element.children
    }.first ?? []
  }

  /// The `html` element libxml2's HTML parser makes of `html`, nil when it makes nothing.
  private static func read(_ html: String) -> HTMLElement? {
    var bytes = newlinesNormalized(html)
    guard !bytes.isEmpty else { return nil }
    let options = Int32(
      HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
    let document = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        htmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", options)
      }
    }
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    return xmlDocGetRootElement(document).map(element)
  }

  /// `html`'s bytes with each CR LF and lone CR made a LF, as a browser's parser first does
  /// (libxml2 keeps them).
  private static func newlinesNormalized(_ html: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(html.utf8.count)
    var afterCR = false
    for byte in html.utf8 {
      if byte == 0x0A && afterCR {
        afterCR = false
        continue
      }
      afterCR = byte == 0x0D
      bytes.append(afterCR ? 0x0A : byte)
    }
    return bytes
  }

  private static func element(_ node: xmlNodePtr) -> HTMLElement {
    var attributes: [(name: String, value: String)] = []
    var attribute = node.pointee.properties
    while let current = attribute {
      // An attribute's value is the text of its children, read in place (nothing to free).
      var value = ""
      var part = current.pointee.children
      while let text = part {
        if let content = text.pointee.content { value += String(cString: content) }
        part = text.pointee.next
      }
      attributes.append((String(cString: current.pointee.name), value))
      attribute = current.pointee.next
    }
    var children: [Child] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        let element = element(current)
        // libxml2 knows only HTML 4's empty elements: what it put inside `source`, `wbr` or
        // `track` follows it in a browser.
        children.append(.element(element.isVoid ? element.emptied : element))
        if element.isVoid { children += element.children }
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content {
          children.append(.text(String(cString: content)))
        }
      default: break
      }
      child = current.pointee.next
    }
    let name = String(cString: node.pointee.name).lowercased()
    // A browser's parser drops the line break that opens these (libxml2 keeps it).
    if ["pre", "textarea", "listing"].contains(name), case .text(let text) = children.first,
      text.hasPrefix("\n")
    {
      children[0] = .text(String(text.dropFirst()))
    }
    return HTMLElement(name: name, attributes: attributes, children: joiningTexts(children))
  }

  /// `children` with no empty text and no two texts side by side, as a browser's parser makes
  /// them.
  private static func joiningTexts(_ children: [Child]) -> [Child] {
    var joined: [Child] = []
    for child in children {
      guard case .text(let text) = child else {
        joined.append(child)
        continue
      }
      if text.isEmpty { continue }
      if case .text(let before) = joined.last {
        joined[joined.count - 1] = .text(before + text)
      } else {
        joined.append(child)
      }
    }
    return joined
  }

  /// The element without its children.
  private var emptied: HTMLElement {
    HTMLElement(name: name, attributes: attributes, children: [])
  }
}

/// `text` with each run of white space made one space, and none at either end.
func collapsed(_ text: String) -> String {
  text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}
