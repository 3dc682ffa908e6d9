import MVVMWebViewModels

/// An output of a view model, or of the site object, that no template binds: a value computed
/// for nothing, or one a template should show. An app's `check` command (`mvvmweb check`) lists them.
package struct UnboundOutput: Sendable, Equatable, CustomStringConvertible {
  /// The page rendered with the view model that has the output (the first by name, when pages
  /// share a view model), or nil for an output of the site object.
  package let page: String?
  /// The output's name; for one of a list's items or of a nested object, its path from the
  /// page's view model (`rows.edit`).
  package let name: String

  /// The output `name` of `page`'s view model (nil: of the site object).
  package init(page: String?, name: String) {
    self.page = page
    self.name = name
  }

  /// `matches.xhtml: output "newMatch" is bound by no template`
  package var description: String {
    "\(page ?? "site object"): output \"\(name)\" is bound by no template"
  }
}

/// The outputs the templates bind, by schema: a view model type (a page's, a list item's, an
/// object's) is known to templates only by its schema, so every place it shows, in any page,
/// counts for it. An output bound in one of them is bound.
struct BoundOutputs {
  private var entries: [(schema: OutputSchema, names: Set<String>)] = []

  mutating func insert(_ names: Set<String>, of schema: OutputSchema) {
    if let index = entries.firstIndex(where: { $0.schema == schema }) {
      entries[index].names.formUnion(names)
    } else {
      entries.append((schema, names))
    }
  }

  /// The outputs of the pages' view models (by page name) and of the site object that no
  /// template binds. A list or object that is bound is looked into, each schema once, at its
  /// first place; one that is not is reported itself, not its outputs one by one.
  func unbound(pages: [String: OutputSchema], site: OutputSchema) -> [UnboundOutput] {
    var walked: [OutputSchema] = []
    var unbound: [UnboundOutput] = []
    func walk(_ schema: OutputSchema, page: String?, path: String) {
      guard !walked.contains(schema) else { return }
      walked.append(schema)
      let names = entries.first { $0.schema == schema }?.names ?? []
      for field in schema.fields {
        let name = path + field.name
        guard names.contains(field.name) else {
          unbound.append(UnboundOutput(page: page, name: name))
          continue
        }
        switch field.kind.unwrapped {
        case .list(let inner), .object(let inner): walk(inner, page: page, path: name + ".")
        case .text, .url, .flag, .optional: break
        }
      }
    }
    for (page, schema) in pages.sorted(by: { $0.key < $1.key }) {
      walk(schema, page: page, path: "")
    }
    walk(site, page: nil, path: "")
    return unbound
  }
}
