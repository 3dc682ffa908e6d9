import MVVM

/// A page ready to render: its render plan, compiled once at load. Rendering walks the plan and
/// appends to one byte buffer; no libxml2, no parsing, no string concatenation.
public struct CompiledTemplate: Sendable {
  let plan: RenderPlan
  /// A capacity hint for the output buffer: the static bytes, doubled for the dynamic parts.
  public let estimatedSize: Int

  init(ops: [RenderOp]) {
    plan = RenderPlan(ops)
    estimatedSize = 2 * plan.staticBytes.count
  }

  /// Appends the page as HTML5 to `buffer`. Root-relative URLs, static or bound, get `basePath`
  /// in front so the page works under a proxy's path prefix. An output the view model fails to
  /// provide renders as nothing (load-time checks and `OutputSchema.mismatches` keep that from
  /// shipping).
  public func render(_ outputs: any Outputs, basePath: String = "", into buffer: inout [UInt8]) {
    run(0..<plan.instructions.count, outputs, basePath: basePath, into: &buffer)
  }

  /// Renders only the element with this `id` (one in the page's own scope, not inside a repeat),
  /// for pushing a changed part of a page; nil when there is no such element.
  public func renderElement(id: String, _ outputs: any Outputs, basePath: String = "") -> [UInt8]? {
    guard let range = plan.fragments[id] else { return nil }
    var buffer: [UInt8] = []
    run(range, outputs, basePath: basePath, into: &buffer)
    return buffer
  }

  private func run(
    _ range: Range<Int>, _ outputs: any Outputs, basePath: String, into buffer: inout [UInt8]
  ) {
    // The plan's arrays are walked through raw buffers: no reference counting per instruction.
    plan.instructions.withUnsafeBufferPointer { instructions in
      plan.staticBytes.withUnsafeBufferPointer { staticBytes in
        plan.names.withUnsafeBufferPointer { names in
          var renderer = Renderer(
            instructions: instructions, staticBytes: staticBytes, names: names,
            basePath: Array(basePath.utf8), scopes: [outputs])
          renderer.run(range, into: &buffer)
        }
      }
    }
  }

  public func render(_ outputs: any Outputs, basePath: String = "") -> [UInt8] {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(estimatedSize)
    render(outputs, basePath: basePath, into: &buffer)
    return buffer
  }
}

/// One rendering: walks the plan's instructions with a stack of scopes (the page, then each
/// repeat item and object inside it).
private struct Renderer {
  let instructions: UnsafeBufferPointer<RenderPlan.Instruction>
  let staticBytes: UnsafeBufferPointer<UInt8>
  let names: UnsafeBufferPointer<String>
  let basePath: [UInt8]
  var scopes: [any Outputs]
  /// For each repeat being rendered, innermost last: the scope depth of its current item, and
  /// where that item stands in the list (for `index`, `first`, `last`, `odd`, `even`, `parity`).
  var repeats: [(depth: Int, index: Int, count: Int)] = []

  init(
    instructions: UnsafeBufferPointer<RenderPlan.Instruction>,
    staticBytes: UnsafeBufferPointer<UInt8>,
    names: UnsafeBufferPointer<String>, basePath: [UInt8], scopes: [any Outputs]
  ) {
    self.instructions = instructions
    self.staticBytes = staticBytes
    self.names = names
    self.basePath = basePath
    self.scopes = scopes
  }

  mutating func run(_ range: Range<Int>, into buffer: inout [UInt8]) {
    var index = range.lowerBound
    while index < range.upperBound {
      let instruction = instructions[index]
      index += 1
      switch instruction.code {
      case .bytes:
        appendStatic(instruction, into: &buffer)
      case .fragment:
        continue  // Its body follows and renders in place.
      case .basePath:
        buffer.append(contentsOf: basePath)
      case .text:
        switch lookup(instruction.name) {
        case .text(let text)?, .url(let text)?: HTMLEscaping.append(text, into: &buffer)
        default: break
        }
      case .attribute:
        appendStatic(instruction, into: &buffer)
        appendAttributeValue(lookup(instruction.name), kind: instruction.kind, into: &buffer)
        buffer.append(UInt8(ascii: "\""))
      case .booleanAttribute:
        if case .flag(true)? = lookup(instruction.name) { appendStatic(instruction, into: &buffer) }
      case .condition, .negatedCondition:
        let body = index..<Int(instruction.end)
        index = Int(instruction.end)
        guard case .flag(let value)? = lookup(instruction.name),
          value != (instruction.code == .negatedCondition)
        else { continue }
        run(body, into: &buffer)
      case .repeatEach:
        let body = index..<Int(instruction.end)
        index = Int(instruction.end)
        guard case .list(let items)? = lookup(instruction.name) else { continue }
        repeats.append((scopes.count, 0, items.count))
        for (position, item) in items.enumerated() {
          repeats[repeats.count - 1].index = position
          scopes.append(item)
          run(body, into: &buffer)
          scopes.removeLast()
        }
        repeats.removeLast()
      case .object:
        let body = index..<Int(instruction.end)
        index = Int(instruction.end)
        guard case .object(let child)? = lookup(instruction.name) else { continue }
        scopes.append(child)
        run(body, into: &buffer)
        scopes.removeLast()
      }
    }
  }

  private func appendStatic(_ instruction: RenderPlan.Instruction, into buffer: inout [UInt8]) {
    buffer.append(
      contentsOf: UnsafeBufferPointer(
        rebasing: staticBytes[Int(instruction.start)..<Int(instruction.end)]))
  }

  private func appendAttributeValue(
    _ value: Output?, kind: AttributeKind, into buffer: inout [UInt8]
  ) {
    switch value {
    case .url(let url)?:
      switch kind {
      case .url:
        guard URLSafety.isSafe(url) else {
          HTMLEscaping.append(URLSafety.blocked, into: &buffer)
          return
        }
        if URLSafety.isRootRelative(url) { buffer.append(contentsOf: basePath) }
        HTMLEscaping.append(url, into: &buffer)
      case .srcset:
        HTMLEscaping.append(URLSafety.isSafeSourceSet(url) ? url : URLSafety.blocked, into: &buffer)
      case .text:
        HTMLEscaping.append(url, into: &buffer)
      }
    case .text(let text)? where kind == .text:
      HTMLEscaping.append(text, into: &buffer)
    default:
      break
    }
  }

  /// Innermost scope first, so a repeat item's `name` hides the page's; a repeat item's own
  /// outputs come before its position in the list.
  private func lookup(_ nameIndex: Int32) -> Output? {
    let name = names[Int(nameIndex)]
    var depth = scopes.count - 1
    var repeatIndex = repeats.count - 1
    while depth >= 0 {
      if let value = scopes[depth].output(named: name) { return value }
      if repeatIndex >= 0 && repeats[repeatIndex].depth == depth {
        if let value = Self.position(name, repeats[repeatIndex]) { return value }
        repeatIndex -= 1
      }
      depth -= 1
    }
    return nil
  }

  private static func position(
    _ name: String, _ item: (depth: Int, index: Int, count: Int)
  ) -> Output? {
    switch name {
    case "index": .text(String(item.index + 1))
    case "first": .flag(item.index == 0)
    case "last": .flag(item.index == item.count - 1)
    case "odd": .flag(item.index % 2 == 0)
    case "even": .flag(item.index % 2 == 1)
    case "parity": .text(item.index % 2 == 0 ? "odd" : "even")
    default: nil
    }
  }
}
