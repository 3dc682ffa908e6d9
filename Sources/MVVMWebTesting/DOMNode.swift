/// A node of a page as a browser's document holds it while `live.js` changes it: an element or
/// a text, with an identity and a parent, so a row moved is the same row, found where it now is,
/// and "is this the row after that one" means what it means to the script. Made from a
/// `TestPage`'s elements for one event and read back into them afterwards.
final class DOMNode {
  /// The element's name (`tr`), nil for a text.
  let name: String?
  /// A text's text ("" for an element).
  let text: String
  private(set) var attributes: [(name: String, value: String)]
  private(set) var children: [DOMNode] = []
  private(set) weak var parent: DOMNode?

  /// The element and all it holds, as new nodes.
  init(_ element: HTMLElement) {
    name = element.name
    text = ""
    attributes = element.attributes
    for child in element.children {
      let node =
        switch child {
        case .element(let element): DOMNode(element)
        case .text(let text): DOMNode(text: text)
        }
      append(node)
    }
  }

  private init(text: String) {
    name = nil
    self.text = text
    attributes = []
  }

  /// A detached element holding the nodes of `html`, read as the script's `innerHTML` reads it.
  static func fragment(_ html: String) -> DOMNode {
    DOMNode(HTMLElement(name: "template", attributes: [], children: HTMLElement.fragment(html)))
  }

  /// The element as a value again, with what it holds now.
  var element: HTMLElement {
    HTMLElement(
      name: name ?? "", attributes: attributes,
      children: children.map { node in node.name == nil ? .text(node.text) : .element(node.element)
      })
  }

  var isElement: Bool { name != nil }

  /// The value of the attribute `name`, nil when there is none.
  subscript(attribute: String) -> String? {
    attributes.first { $0.name == attribute }?.value
  }

  /// The `id` property of the script's DOM: "" when there is no `id`.
  var id: String { self["id"] ?? "" }

  /// The elements below this one, in document order.
  var descendants: [DOMNode] {
    children.filter(\.isElement).flatMap { [$0] + $0.descendants }
  }

  /// The first element below this one with the `id` (`getElementById`).
  func element(id: String) -> DOMNode? {
    for child in children where child.isElement {
      if child.id == id { return child }
      if let found = child.element(id: id) { return found }
    }
    return nil
  }

  var firstElementChild: DOMNode? { children.first(where: \.isElement) }

  var nextSibling: DOMNode? {
    guard let parent, let index = parent.index(of: self), index + 1 < parent.children.count else {
      return nil
    }
    return parent.children[index + 1]
  }

  /// Where `child` is among the children, by identity.
  func index(of child: DOMNode) -> Int? {
    children.firstIndex { $0 === child }
  }

  /// This element or the nearest one above it for which `matches` holds (`closest`).
  func closest(_ matches: (DOMNode) -> Bool) -> DOMNode? {
    var node: DOMNode? = self
    while let current = node {
      if matches(current) { return current }
      node = current.parent
    }
    return nil
  }

  // MARK: Changes, as the DOM's methods make them

  /// Sets the attribute: in its place when there is one, else after the others.
  func setAttribute(_ name: String, _ value: String) {
    if let index = attributes.firstIndex(where: { $0.name == name }) {
      attributes[index].value = value
    } else {
      attributes.append((name, value))
    }
  }

  func removeAttribute(_ name: String) {
    attributes.removeAll { $0.name == name }
  }

  /// Takes the node out of its parent (`remove`).
  func remove() {
    guard let parent, let index = parent.index(of: self) else { return }
    parent.children.remove(at: index)
    self.parent = nil
  }

  func append(_ node: DOMNode) {
    node.remove()
    children.append(node)
    node.parent = self
  }

  /// Puts `node` before `reference`, one of the children, or last when it is nil
  /// (`insertBefore`); the node leaves where it was. A reference that is not a child is the
  /// DOM's `NotFoundError`.
  func insert(_ node: DOMNode, before reference: DOMNode?) throws(NotAChild) {
    guard let reference else {
      append(node)
      return
    }
    guard reference.parent === self else { throw NotAChild() }
    if reference === node { return }
    node.remove()
    guard let index = index(of: reference) else { throw NotAChild() }
    children.insert(node, at: index)
    node.parent = self
  }

  /// Puts `node` where this node is (`replaceWith`); nothing when this node has no parent.
  func replace(with node: DOMNode) {
    guard node !== self else { return }
    node.remove()
    guard let parent, let index = parent.index(of: self) else { return }
    parent.children[index] = node
    node.parent = parent
    self.parent = nil
  }

  /// Whether the two are the same markup (`isEqualNode`): the same name, the same attributes in
  /// any order, and equal children.
  func isEqual(to other: DOMNode) -> Bool {
    name == other.name && text == other.text && attributes.count == other.attributes.count
      && attributes.allSatisfy { attribute in other[attribute.name] == attribute.value }
      && children.count == other.children.count
      && zip(children, other.children).allSatisfy { $0.isEqual(to: $1) }
  }

  /// The DOM's `NotFoundError`: a node that should be a child of another is not.
  struct NotAChild: Error {}
}
