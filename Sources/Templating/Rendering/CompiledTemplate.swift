import MVVM

/// A page ready to render: its render plan, compiled once at load against the schema of one view
/// model type. Rendering walks the plan and appends to one byte buffer; no libxml2, no parsing,
/// no name lookups, no string concatenation.
public struct CompiledTemplate: Sendable {
  let plan: RenderPlan
  /// A capacity hint for the output buffer: the static bytes, doubled for the dynamic parts.
  public let estimatedSize: Int

  init(ops: [RenderOp]) {
    plan = RenderPlan(ops)
    estimatedSize = 2 * plan.staticBytes.count
  }

  /// Appends the page as HTML5 to `buffer`. `viewModel` must be of the type whose schema the
  /// template was compiled against (`TemplateLibrary` and the web layer's typed pages see to it).
  /// Root-relative URLs, static or bound, get `basePath` in front so the page works under a
  /// proxy's path prefix; destinations become paths through `links`.
  public func render<ViewModel: Outputs>(
    _ viewModel: ViewModel, basePath: String = "", links: any LinkPrinter = NoLinks(),
    into buffer: inout [UInt8]
  ) {
    run(0..<plan.instructions.count, viewModel, basePath: basePath, links: links, into: &buffer)
  }

  public func render<ViewModel: Outputs>(
    _ viewModel: ViewModel, basePath: String = "", links: any LinkPrinter = NoLinks()
  ) -> [UInt8] {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(estimatedSize)
    render(viewModel, basePath: basePath, links: links, into: &buffer)
    return buffer
  }

  /// The ids of the page's live elements (`m:live`), in page order: the parts of the page that
  /// are pushed to open pages when their view model changes.
  public var liveElementIDs: [String] { plan.fragmentIDs }

  /// Renders only the live element with this `id`, exactly as it appears in the whole page, for
  /// pushing a changed part of a page; nil when the page has no such live element.
  public func renderElement<ViewModel: Outputs>(
    id: String, _ viewModel: ViewModel, basePath: String = "", links: any LinkPrinter = NoLinks()
  ) -> [UInt8]? {
    guard let range = plan.fragments[id] else { return nil }
    var buffer: [UInt8] = []
    run(range, viewModel, basePath: basePath, links: links, into: &buffer)
    return buffer
  }

  private func run<ViewModel: Outputs>(
    _ range: Range<Int>, _ viewModel: ViewModel, basePath: String, links: any LinkPrinter,
    into buffer: inout [UInt8]
  ) {
    // The plan's arrays are walked through raw buffers: no reference counting per instruction.
    // The view model is read in place through a pointer valid for the whole walk.
    plan.instructions.withUnsafeBufferPointer { instructions in
      plan.staticBytes.withUnsafeBufferPointer { staticBytes in
        withUnsafePointer(to: viewModel) { root in
          var renderer = Renderer(
            instructions: instructions, staticBytes: staticBytes, basePath: Array(basePath.utf8),
            links: links, capacity: estimatedSize, maxDepth: plan.maxDepth)
          renderer.push(Scope(root))
          renderer.run(range)
          renderer.output.finish(into: &buffer)
        }
      }
    }
  }
}

/// A printer for pages without destinations: tests and the benchmark. A destination it is asked
/// for prints as the blocked URL, so a missing printer shows, rather than linking somewhere.
public struct NoLinks: LinkPrinter {
  public init() {}
  public func path(for destination: any Destination) -> String { URLSafety.blocked }
}
