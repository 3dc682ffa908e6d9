extension TestPage {
  /// The page's live elements (`m:live`), in order.
  public var liveElements: [HTMLElement] {
    root.descendants.filter { $0["data-live"] != nil }
  }

  /// The keyed rows (`m:key`) of the live element `id`, in the order the page shows them; none
  /// when there is no such element. The rows of a live element inside it are its own.
  ///
  /// ```swift
  /// #expect(live.page.rows(id: "scores").map(\.text) == ["Ada 2", "Grace 1"])
  /// ```
  public func rows(id: String) -> [HTMLElement] {
    guard let element = DOMNode(root).element(id: id) else { return [] }
    return RowsEvent.rows(of: element).map(\.element)
  }

  /// Applies one event of the page's live stream as the framework's script (`live.js`) applies
  /// it: a pushed element takes the place of the element with its id, and a `rows` event's
  /// operations change the keyed rows of its live element, and the markup around them, in
  /// place. An event for an element the page does not have is left alone, as the script leaves
  /// it; so are comments, hints and the `reload` event. A `rows` event that does not fit the
  /// page (a row it names is not there, the markup around the rows is not as it says), where
  /// the script would give up and open its stream again, is a `TestFailure` saying what did
  /// not fit, and the page stays as it was.
  public mutating func apply(_ event: LiveEvent) throws {
    // The browser hands on no event without data.
    guard let data = event.data, !data.isEmpty else { return }
    switch event.event {
    case nil, "", "message":
      let document = DOMNode(root)
      let (id, html) = RowsEvent.split(data)
      guard !id.isEmpty, let old = document.element(id: id),
        let new = DOMNode.fragment(html).firstElementChild, new.id == old.id
      else { return }
      old.replace(with: new)
      root = document.element
    case "rows":
      let document = DOMNode(root)
      try RowsEvent.apply(data, to: document)
      root = document.element
    default:
      return
    }
  }
}
