/// A template as a plain Swift tree, copied out of libxml2 once parsing, XInclude and validation
/// are done, so compiling and checking never touch C pointers and libxml2 is freed at once.
enum TemplateNode {
  case element(TemplateElement)
  case text(String)
}

struct TemplateElement {
  struct Attribute {
    var name: String
    /// True for our binding attributes (`m:text`), false for plain HTML ones.
    var isBinding: Bool
    var value: String
  }

  var name: String
  var attributes: [Attribute]
  var children: [TemplateNode]
  /// The file the element came from (a partial's own file after XInclude) and its line.
  var file: String
  var line: Int

  func binding(_ name: String) -> String? {
    attributes.first { $0.isBinding && $0.name == name }?.value
  }

  /// The element and its subtree with `file` where they name `other`: the parts that came from
  /// another file keep theirs.
  func naming(_ file: String, where other: String) -> TemplateElement {
    var element = self
    if element.file == other { element.file = file }
    element.children = children.map { child in
      guard case .element(let inner) = child else { return child }
      return .element(inner.naming(file, where: other))
    }
    return element
  }
}

/// The namespace of binding attributes.
let bindingNamespace = "urn:mvvmweb:template"
