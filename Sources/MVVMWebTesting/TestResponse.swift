/// An answer as a test reads it: status, headers and the whole body.
public struct TestResponse: Sendable {
  /// The status code (`200`, `303`, `422`).
  public let status: Int
  /// The header fields, in order.
  public let headers: [(name: String, value: String)]
  /// The body.
  public let body: [UInt8]
  /// The address that was asked for, for the forms of the page.
  public let path: String

  /// The body as UTF-8 text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The first value of the header `name`, whatever its case; nil when there is none.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Where a redirect leads (`Location`).
  public var location: String? { header("Location") }

  /// The body read back as a page, for its forms and elements.
  public var page: TestPage { TestPage(path: path, html: text) }

  /// The parts an input event was answered with (each a live element of the form), by id.
  public var parts: [String: HTMLElement] {
    Dictionary(
      HTMLElement.parse(text).children.compactMap { child in
        guard case .element(let element) = child, let id = element["id"] else { return nil }
        return (id, element)
      }, uniquingKeysWith: { first, _ in first })
  }
}
