/// Puts a page into its layout: the page's root names the layout (`m:layout="layout.xhtml"`),
/// each of its `m:fill="name"` elements gives the content for the layout's `m:slot="name"`
/// element, which keeps its own tag and attributes. One layout serves every page.
///
/// A page's root may name its section (`m:section="rankings"`): the layout's element marked
/// with the same `m:section` (its navigation link) gets `aria-current="page"`, decided here, once,
/// when the templates load.
struct LayoutMerger {
  private(set) var errors: [TemplateError] = []

  mutating func merge(page: TemplateElement, into layout: TemplateElement) -> TemplateElement {
    var fills: [String: TemplateElement] = [:]
    collectFills(page, into: &fills)
    var used: Set<String> = []
    let merged = fill(layout, with: fills, section: page.binding("section"), used: &used)
    for (name, element) in fills.sorted(by: { $0.key < $1.key }) where !used.contains(name) {
      errors.append(
        TemplateError(
          file: element.file, line: element.line,
          message: "the layout has no slot named \"\(name)\""))
    }
    return merged
  }

  private func collectFills(_ element: TemplateElement, into fills: inout [String: TemplateElement])
  {
    if let name = element.binding("fill") {
      fills[name] = element
      return
    }
    for case .element(let child) in element.children { collectFills(child, into: &fills) }
  }

  private func fill(
    _ element: TemplateElement, with fills: [String: TemplateElement], section: String?,
    used: inout Set<String>
  )
    -> TemplateElement
  {
    var element = element
    if let marked = element.binding("section") {
      element.attributes.removeAll { $0.isBinding && $0.name == "section" }
      if marked == section, !element.attributes.contains(where: { $0.name == "aria-current" }) {
        element.attributes.append(.init(name: "aria-current", isBinding: false, value: "page"))
      }
    }
    if let slot = element.binding("slot"), let content = fills[slot] {
      used.insert(slot)
      element.children = content.children
      return element
    }
    element.children = element.children.map { child in
      guard case .element(let childElement) = child else { return child }
      return .element(fill(childElement, with: fills, section: section, used: &used))
    }
    return element
  }
}
