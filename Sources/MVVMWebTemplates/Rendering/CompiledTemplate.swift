import MVVMWebViewModels

/// A page ready to render: its render plan, compiled once at load against the schema of one view
/// model type (and of the site object, when the page binds it). Rendering walks the plan and
/// appends to one byte buffer; no libxml2, no parsing, no name lookups, no string concatenation.
/// A class: each render takes it from the library, and a copy of a reference is one count where
/// a copy of its fields was one for each.
package final class CompiledTemplate: Sendable {
  let plan: RenderPlan
  private let sizeHint: SizeHint
  /// What each input form's live elements took, together, when last rendered.
  private let inputFormHints: [SizeHint]
  /// Where each input form's live elements lie in the plan, found once: looking them up by id
  /// hashed each id at every input event.
  private let inputFormRanges: [[Range<Int>]]
  /// The live elements inside each `m:inputs` form, forms in page order: an input event names
  /// its form by its place here, from 1 (the number the page writes as `data-inputs`).
  package let inputForms: [[String]]
  /// The live elements inside all the `m:inputs` forms, in page order.
  package let inputElementIDs: [String]

  init(ops: [RenderOp], bindsSite: Bool = false, inputForms: [[String]] = []) {
    plan = RenderPlan(ops, bindsSite: bindsSite)
    self.inputForms = inputForms
    inputElementIDs = inputForms.flatMap { $0 }
    inputFormHints = inputForms.map { _ in SizeHint(estimate: 256) }
    inputFormRanges = inputForms.map { [plan] ids in ids.compactMap { plan.fragments[$0] } }
    // The static bytes, doubled for the dynamic parts, until a rendering says better.
    sizeHint = SizeHint(estimate: max(2 * plan.staticBytes.count, 256))
  }

  /// The page as HTML5, with no site object: a page that binds the site's outputs gets them as
  /// absent (written empty). See `render(_:site:basePath:links:)`.
  package func render<ViewModel: Outputs>(
    _ viewModel: ViewModel, basePath: String = "", links: any LinkPrinter = NoLinks()
  ) -> [UInt8] {
    guard !plan.bindsSite else {
      return render(viewModel, site: NoSite(), basePath: basePath, links: links)
    }
    let page = render(
      0..<plan.instructions.count, viewModel, basePath: basePath, links: links,
      capacity: sizeHint.capacity)
    sizeHint.record(page.count)
    return page
  }

  /// The page as HTML5. `viewModel` must be of the type whose schema the template was compiled
  /// against, and `site` of the site object's (`TemplateLibrary` and the web layer's typed pages
  /// see to it). Root-relative URLs, static or bound, get `basePath` in front so the page works
  /// under a proxy's path prefix; destinations become paths through `links`.
  package func render(
    _ viewModel: some Outputs, site: some Outputs, basePath: String = "",
    links: any LinkPrinter = NoLinks()
  ) -> [UInt8] {
    // A page that binds nothing of the site renders as one without it: no scope more to fill.
    guard plan.bindsSite else { return render(viewModel, basePath: basePath, links: links) }
    let page = withUnsafePointer(to: site) { pointer in
      render(
        0..<plan.instructions.count, viewModel, site: Scope(pointer),
        basePath: basePath, links: links, capacity: sizeHint.capacity)
    }
    sizeHint.record(page.count)
    return page
  }

  /// The ids of the page's live elements (`m:live`), in page order: the parts of the page that
  /// are pushed to open pages when their view model changes. Those inside an `m:inputs` form
  /// are not among them: they answer one person's input events (`inputElementIDs`).
  package var liveElementIDs: [String] {
    inputElementIDs.isEmpty
      ? plan.fragmentIDs : plan.fragmentIDs.filter { !inputElementIDs.contains($0) }
  }

  /// Renders only the live element with this `id`, exactly as it appears in the whole page, for
  /// pushing a changed part of a page; nil when the page has no such live element. With no site
  /// object: see `renderElement(id:_:site:basePath:links:)`.
  package func renderElement<ViewModel: Outputs>(
    id: String, _ viewModel: ViewModel, basePath: String = "", links: any LinkPrinter = NoLinks()
  ) -> [UInt8]? {
    guard !plan.bindsSite else {
      return renderElement(id: id, viewModel, site: NoSite(), basePath: basePath, links: links)
    }
    guard let range = plan.fragments[id] else { return nil }
    return render(range, viewModel, basePath: basePath, links: links, capacity: 256)
  }

  /// Renders only the live element with this `id`, exactly as it appears in the whole page
  /// rendered with the same view model and site object; nil when the page has no such live
  /// element.
  package func renderElement(
    id: String, _ viewModel: some Outputs, site: some Outputs, basePath: String = "",
    links: any LinkPrinter = NoLinks()
  ) -> [UInt8]? {
    guard plan.bindsSite else {
      return renderElement(id: id, viewModel, basePath: basePath, links: links)
    }
    guard let range = plan.fragments[id] else { return nil }
    return withUnsafePointer(to: site) { pointer in
      render(
        range, viewModel, site: Scope(pointer), basePath: basePath,
        links: links, capacity: 256)
    }
  }

  /// The live elements of input form `number` (from 1, as `inputForms` numbers them), one after
  /// the other, each as `renderElement(id:_:site:basePath:links:)` renders it: the answer to
  /// that form's input event. Written into one buffer the size they took last time, rather
  /// than each into its own, grown and then joined: copying an event's 30 KB of boxes three
  /// times cost more than rendering them. Nil when the page has no such form.
  package func renderInputForm(
    _ number: Int, _ viewModel: some Outputs, site: some Outputs, basePath: String = "",
    links: any LinkPrinter = NoLinks()
  ) -> [UInt8]? {
    guard number >= 1, number <= inputForms.count else { return nil }
    let ranges = inputFormRanges[number - 1]
    let hint = inputFormHints[number - 1]
    var marks: [Int] = []
    var keyed = 0
    let html =
      plan.bindsSite
      ? withUnsafePointer(to: site) { pointer in
        render(
          ranges, viewModel, site: Scope(pointer), basePath: basePath, links: links,
          capacity: hint.capacity, marks: &marks, keyedRepeats: &keyed)
      }
      : render(
        ranges, viewModel, basePath: basePath, links: links, capacity: hint.capacity,
        marks: &marks, keyedRepeats: &keyed)
    hint.record(html.count)
    return html
  }

  /// Renders only the live element with this `id`, as `renderElement` does, with where its
  /// keyed repeat's rows lie in it (`KeyedRows`), when it has one (`m:key`) that rendered.
  package func renderLiveElement(
    id: String, _ viewModel: some Outputs, site: some Outputs, basePath: String = "",
    links: any LinkPrinter = NoLinks()
  ) -> (html: [UInt8], rows: KeyedRows?)? {
    guard let range = plan.fragments[id] else { return nil }
    var marks: [Int] = []
    var keyed = 0
    let html: [UInt8]
    if plan.bindsSite {
      html = withUnsafePointer(to: site) { pointer in
        render(
          range, viewModel, site: Scope(pointer), basePath: basePath, links: links,
          capacity: 256, marks: &marks, keyedRepeats: &keyed)
      }
    } else {
      html = render(
        range, viewModel, basePath: basePath, links: links, capacity: 256, marks: &marks,
        keyedRepeats: &keyed)
    }
    return (html, keyed == 1 ? KeyedRows(html, marks: marks) : nil)
  }

  /// Writes the instructions in `range` straight into a new array's storage of `capacity` bytes;
  /// only a page that outgrows it is copied (as its buffer grows, and once at the end).
  /// With `site`, the site object's scope goes below the view model's.
  private func render<ViewModel: Outputs>(
    _ range: Range<Int>, _ viewModel: ViewModel, site: Scope? = nil, basePath: String,
    links: any LinkPrinter, capacity: Int
  ) -> [UInt8] {
    var marks: [Int] = []
    var keyed = 0
    return render(
      [range], viewModel, site: site, basePath: basePath, links: links, capacity: capacity,
      marks: &marks, keyedRepeats: &keyed)
  }

  private func render<ViewModel: Outputs>(
    _ range: Range<Int>, _ viewModel: ViewModel, site: Scope? = nil, basePath: String,
    links: any LinkPrinter, capacity: Int, marks: inout [Int], keyedRepeats: inout Int
  ) -> [UInt8] {
    render(
      [range], viewModel, site: site, basePath: basePath, links: links, capacity: capacity,
      marks: &marks, keyedRepeats: &keyedRepeats)
  }

  /// The instructions of each of `ranges`, one after the other, into one array.
  private func render<ViewModel: Outputs>(
    _ ranges: [Range<Int>], _ viewModel: ViewModel, site: Scope? = nil, basePath: String,
    links: any LinkPrinter, capacity: Int, marks: inout [Int], keyedRepeats: inout Int
  ) -> [UInt8] {
    var outgrown: [UInt8] = []
    let page = [UInt8](unsafeUninitializedCapacity: capacity) { storage, written in
      var output = ByteBuffer(lending: storage)
      (marks, keyedRepeats) = run(
        ranges, viewModel, site: site, basePath: basePath, links: links, output: &output)
      if output.ownsStorage {
        output.finish(into: &outgrown)
      } else {
        written = output.count
      }
    }
    return outgrown.isEmpty ? page : outgrown
  }

  /// Renders each of `ranges` into `output`, in turn; answers the keyed repeat's row marks and
  /// how many keyed repeats rendered.
  private func run<ViewModel: Outputs>(
    _ ranges: [Range<Int>], _ viewModel: ViewModel, site: Scope?, basePath: String,
    links: any LinkPrinter, output: inout ByteBuffer
  ) -> ([Int], Int) {
    // The plan's arrays are walked through raw buffers: no reference counting per instruction.
    // The view model is read in place through a pointer valid for the whole walk, and so is
    // the base path.
    plan.instructions.withUnsafeBufferPointer { instructions in
      plan.staticBytes.withUnsafeBufferPointer { staticBytes in
        withUTF8Bytes(of: basePath) { basePath in
          withUnsafePointer(to: viewModel) { root in
            withUnsafeTemporaryAllocation(of: Scope.self, capacity: plan.maxDepth) { scopes in
              var renderer = Renderer(
                instructions: instructions, staticBytes: staticBytes,
                objectTypes: plan.objectTypes, basePath: basePath, links: links,
                output: output, scopes: scopes)
              if let site { renderer.enterSite(site) }
              for range in ranges { renderer.run(range, in: Scope(root)) }
              output = renderer.output
              return (renderer.rowMarks, renderer.keyedRepeats)
            }
          }
        }
      }
    }
  }
}

/// A printer for pages without destinations: tests and the benchmark. A destination it is asked
/// for prints as the blocked URL, so a missing printer shows, rather than linking somewhere.
package struct NoLinks: LinkPrinter {
  /// A printer that links nowhere.
  package init() {}
  /// Always `about:invalid#blocked`.
  package func path(for destination: any Destination) -> String { URLSafety.blocked }
  /// The same for every `NoLinks`, which all print alike.
  package var reuseKey: UInt64? { Self.key }
  private static let key = newReuseKey()
}

/// The site object of a rendering that names none. It has no outputs: a page that binds the
/// site's gets each of them as absent.
struct NoSite: Outputs {
  static var outputSchema: OutputSchema { OutputSchema([]) }

  static func visitOutput(
    _ field: Int, of instance: UnsafePointer<NoSite>, with visitor: inout some OutputVisitor
  ) {
    visitor.visitAbsent()
  }
}
