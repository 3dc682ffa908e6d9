import MVVM

/// A page ready to render: its render plan, compiled once at load. Rendering walks the plan and
/// appends to one byte buffer; no libxml2, no parsing, no string concatenation.
public struct CompiledTemplate: Sendable {
  let ops: [RenderOp]
  /// A capacity hint for the output buffer: the static bytes, doubled for the dynamic parts.
  public let estimatedSize: Int

  init(ops: [RenderOp]) {
    self.ops = ops
    estimatedSize = 2 * Self.staticSize(ops)
  }

  /// Appends the page as HTML5 to `buffer`. Root-relative URLs, static or bound, get `basePath`
  /// in front so the page works under a proxy's path prefix. An output the view model fails to
  /// provide renders as nothing (load-time checks and `OutputSchema.mismatches` keep that from
  /// shipping).
  public func render(_ outputs: any Outputs, basePath: String = "", into buffer: inout [UInt8]) {
    var scopes: [any Outputs] = [outputs]
    Self.run(ops, scopes: &scopes, basePath: Array(basePath.utf8), into: &buffer)
  }

  public func render(_ outputs: any Outputs, basePath: String = "") -> [UInt8] {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(estimatedSize)
    render(outputs, basePath: basePath, into: &buffer)
    return buffer
  }

  private static func run(
    _ ops: [RenderOp], scopes: inout [any Outputs], basePath: [UInt8], into buffer: inout [UInt8]
  ) {
    for op in ops {
      switch op {
      case .bytes(let bytes):
        buffer.append(contentsOf: bytes)
      case .basePath:
        buffer.append(contentsOf: basePath)
      case .text(let name):
        switch lookup(name, in: scopes) {
        case .text(let text)?, .url(let text)?: HTMLEscaping.append(text, into: &buffer)
        default: break
        }
      case .attribute(let name, let prefix, let kind):
        buffer.append(contentsOf: prefix)
        switch (lookup(name, in: scopes), kind) {
        case (.url(let url)?, .url):
          if !URLSafety.isSafe(url) {
            HTMLEscaping.append(URLSafety.blocked, into: &buffer)
          } else {
            if URLSafety.isRootRelative(url) { buffer.append(contentsOf: basePath) }
            HTMLEscaping.append(url, into: &buffer)
          }
        case (.url(let value)?, .srcset):
          HTMLEscaping.append(
            URLSafety.isSafeSourceSet(value) ? value : URLSafety.blocked, into: &buffer)
        case (.text(let text)?, .text), (.url(let text)?, .text):
          HTMLEscaping.append(text, into: &buffer)
        default:
          break
        }
        buffer.append(UInt8(ascii: "\""))
      case .booleanAttribute(let name, let bytes):
        if case .flag(true)? = lookup(name, in: scopes) { buffer.append(contentsOf: bytes) }
      case .condition(let name, let negated, let body):
        guard case .flag(let value)? = lookup(name, in: scopes), value != negated else { continue }
        run(body, scopes: &scopes, basePath: basePath, into: &buffer)
      case .repeatEach(let name, let body):
        guard case .list(let items)? = lookup(name, in: scopes) else { continue }
        for (index, item) in items.enumerated() {
          scopes.append(RepeatItem(item: item, index: index, count: items.count))
          run(body, scopes: &scopes, basePath: basePath, into: &buffer)
          scopes.removeLast()
        }
      case .object(let name, let body):
        guard case .object(let child)? = lookup(name, in: scopes) else { continue }
        scopes.append(child)
        run(body, scopes: &scopes, basePath: basePath, into: &buffer)
        scopes.removeLast()
      }
    }
  }

  /// Innermost scope first, so a repeat item's `name` hides the page's.
  private static func lookup(_ name: String, in scopes: [any Outputs]) -> Output? {
    for scope in scopes.reversed() {
      if let value = scope.output(named: name) { return value }
    }
    return nil
  }

  private static func staticSize(_ ops: [RenderOp]) -> Int {
    ops.reduce(0) { total, op in
      switch op {
      case .bytes(let bytes): total + bytes.count
      case .condition(_, _, let body), .repeatEach(_, let body), .object(_, let body):
        total + staticSize(body)
      default: total + 16
      }
    }
  }
}
