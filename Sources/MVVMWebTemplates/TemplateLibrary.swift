import Foundation
import MVVMWebViewModels

/// Every page of an app, loaded from a templates folder, validated and compiled once at start-up.
/// If anything is wrong in any template, it refuses with all the problems at once.
package struct TemplateLibrary: Sendable {
  private let pages: [String: CompiledTemplate]
  /// The outputs of the pages' view models and of the site object that no template binds, page
  /// by page in name order, then the site's: a value computed for nothing, or a link a template
  /// still writes as text.
  package let unboundOutputs: [UnboundOutput]

  /// Loads each page named in `pages` (a file name relative to `directory`, like
  /// `matches.xhtml`) and checks its bindings against the schema of the view model it will render.
  ///
  /// `site` is the schema of the site object, the outputs every page can bind below its own view
  /// model's (the layout's navigation links): a page's own output of the same name hides it.
  /// A root-relative address written as text in a URL attribute is refused unless it starts with
  /// one of `assetPrefixes` (static files): the app's own addresses come from destinations.
  ///
  /// `inputs` are the inputs of the pages whose view models take some (by page name): each named
  /// field of such a page's forms must be one of them, of a kind that fits, and each input must
  /// be sent by a field of the page's forms (one it has: a page without fields sends none).
  ///
  /// With `liveScript`, a page with live parts (`m:live`, `m:inputs`) must load that script
  /// (`<script src="…">`): without it they would never change.
  package init(
    directory: String, pages: [String: OutputSchema], site: OutputSchema = OutputSchema([]),
    inputs: [String: [InputDeclaration]] = [:], assetPrefixes: [String] = ["/static/"],
    liveScript: String? = nil
  ) throws(TemplateErrors) {
    guard let resolved = realpath(directory, nil) else {
      throw TemplateErrors([
        TemplateError(file: directory, line: 0, message: "the templates folder does not exist")
      ])
    }
    let root = String(cString: resolved)
    free(resolved)
    let loader = XMLLoader(root: root)
    var errors: [TemplateError] = []
    var compiled: [String: CompiledTemplate] = [:]
    var layouts: [String: TemplateElement] = [:]
    var bound = BoundOutputs()
    for (name, schema) in pages.sorted(by: { $0.key < $1.key }) {
      guard var page = loader.load(name) else { continue }
      let schemaErrors = loader.schemaErrors
      if let layoutName = page.binding("layout") {
        if layouts[layoutName] == nil {
          layouts[layoutName] = loader.loadLayout(layoutName, for: name, line: page.line)
        }
        guard let layout = layouts[layoutName] else { continue }
        var merger = LayoutMerger()
        page = merger.merge(page: page, into: layout)
        errors += merger.errors
      }
      var compiler = TemplateCompiler(schema: schema, site: site, assetPrefixes: assetPrefixes)
      let ops = compiler.compile(page)
      errors += compiler.errors.isEmpty ? schemaErrors : compiler.errors
      for (schema, names) in compiler.bound { bound.insert(names, of: schema) }
      if let declared = inputs[name] {
        errors += InputsCheck.errors(compiler.formFields, inputs: declared)
        errors += InputsCheck.unsent(compiler.formFields, inputs: declared)
      }
      if let liveScript, let live = compiler.firstLivePart,
        !compiler.scriptSources.contains(liveScript)
      {
        errors.append(
          TemplateError(
            file: live.file, line: live.line,
            message: "the page has live parts (m:live, m:inputs) but does not load their "
              + "script: add <script src=\"\(liveScript)\" defer=\"defer\"></script> to its "
              + "head, or they never change"))
      }
      let template = CompiledTemplate(
        ops: ops, bindsSite: compiler.bindsSite, inputForms: compiler.inputForms)
      // Render plans keep offsets in 32 bits: a page anywhere near 2 GiB is refused, not wrapped.
      if template.plan.staticBytes.count >= Int(Int32.max)
        || template.plan.instructions.count >= Int(Int32.max)
      {
        errors.append(
          TemplateError(file: name, line: 0, message: "the page is too large to compile"))
      }
      compiled[name] = template
    }
    errors = loader.errors + errors
    var seen: Set<String> = []
    errors = errors.filter { seen.insert($0.description).inserted }
      .sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    guard errors.isEmpty else { throw TemplateErrors(errors) }
    self.pages = compiled
    unboundOutputs = bound.unbound(pages: pages, site: site)
  }

  /// The compiled page `page` (its file, `"rankings.xhtml"`), or nil when it was not declared.
  package subscript(page: String) -> CompiledTemplate? {
    pages[page]
  }

  /// How many pages were compiled.
  package var pageCount: Int { pages.count }
}
