import MVVM

/// One rendering: walks the plan's instructions with a stack of scopes (the page, then each
/// repeat item and object inside it). Every slot names its scope's depth and output number, so a
/// lookup is an index and one call into the scope type's accessor.
struct Renderer: OutputVisitor {
  let instructions: UnsafeBufferPointer<RenderPlan.Instruction>
  let staticBytes: UnsafeBufferPointer<UInt8>
  let basePath: [UInt8]
  let links: any LinkPrinter
  var output: [UInt8]
  private var scopes: [Scope] = []
  /// The instructions a list or object visit renders for each item, set just before the visit.
  private var body: Range<Int> = 0..<0

  init(
    instructions: UnsafeBufferPointer<RenderPlan.Instruction>,
    staticBytes: UnsafeBufferPointer<UInt8>, basePath: [UInt8], links: any LinkPrinter,
    output: [UInt8], maxDepth: Int
  ) {
    self.instructions = instructions
    self.staticBytes = staticBytes
    self.basePath = basePath
    self.links = links
    self.output = output
    scopes.reserveCapacity(maxDepth)
  }

  mutating func push(_ scope: Scope) {
    scopes.append(scope)
  }

  mutating func run(_ range: Range<Int>) {
    var index = range.lowerBound
    while index < range.upperBound {
      let instruction = instructions[index]
      index += 1
      switch instruction.code {
      case .bytes:
        appendStatic(instruction)
      case .fragment:
        continue  // Its body follows and renders in place.
      case .basePath:
        output.append(contentsOf: basePath)
      case .text:
        appendText(value(instruction))
      case .attribute:
        appendStatic(instruction)
        appendAttributeValue(value(instruction), kind: instruction.kind)
        output.append(UInt8(ascii: "\""))
      case .booleanAttribute:
        if case .flag(true) = value(instruction) { appendStatic(instruction) }
      case .condition, .negatedCondition:
        let blockEnd = Int(instruction.end)
        let holds: Bool
        switch value(instruction) {
        case .flag(let flag): holds = flag
        case .absent: holds = false
        default: holds = true
        }
        if holds != (instruction.code == .negatedCondition) { run(index..<blockEnd) }
        index = blockEnd
      case .repeatEach, .object:
        let blockEnd = Int(instruction.end)
        let outer = body
        body = index..<blockEnd
        let scope = scopes[Int(instruction.depth)]
        scope.visit(Int(instruction.field), with: &self)
        body = outer
        index = blockEnd
      }
    }
  }

  // MARK: Scopes

  mutating func visitList<Item: Outputs>(_ items: [Item]) {
    let itemBody = body
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for position in 0..<buffer.count {
        scopes.append(Scope(first + position, index: position, count: buffer.count))
        run(itemBody)
        scopes.removeLast()
      }
    }
  }

  mutating func visitObject<Object: Outputs>(_ object: Object) {
    let objectBody = body
    withUnsafePointer(to: object) { pointer in
      scopes.append(Scope(pointer))
      run(objectBody)
      scopes.removeLast()
    }
  }

  /// The value a slot names: an output of its scope, or the scope's place in its list.
  private func value(_ instruction: RenderPlan.Instruction) -> OutputValue {
    let scope = scopes[Int(instruction.depth)]
    let field = Int(instruction.field)
    if field >= 0 { return scope.value(field) }
    switch RepeatPosition(rawValue: -1 - field) {
    case .index: return .number(scope.index + 1)
    case .first: return .flag(scope.index == 0)
    case .last: return .flag(scope.index == scope.count - 1)
    case .odd: return .flag(scope.index % 2 == 0)
    case .even: return .flag(scope.index % 2 == 1)
    case .parity: return .text(scope.index % 2 == 0 ? "odd" : "even")
    case nil: return .absent
    }
  }

  // MARK: Writing

  private mutating func appendStatic(_ instruction: RenderPlan.Instruction) {
    output.append(
      contentsOf: UnsafeBufferPointer(
        rebasing: staticBytes[Int(instruction.start)..<Int(instruction.end)]))
  }

  private mutating func appendText(_ value: OutputValue) {
    switch value {
    case .text(let text): HTMLEscaping.append(text, into: &output)
    case .number(let number): Self.appendDecimal(number, into: &output)
    case .link(let link): appendURL(link, kind: .text)
    case .flag, .present, .absent: break
    }
  }

  private mutating func appendAttributeValue(_ value: OutputValue, kind: AttributeKind) {
    if case .link(let link) = value {
      appendURL(link, kind: kind)
    } else {
      appendText(value)
    }
  }

  /// A URL, checked where it lands in an attribute: an app path gets the base path in front; an
  /// address from the data must have a safe scheme, or it becomes the blocked URL.
  private mutating func appendURL(_ link: Link, kind: AttributeKind) {
    let url: String
    switch link.target {
    case .app(let destination): url = links.path(for: destination)
    case .web(let address): url = address
    }
    switch kind {
    case .url:
      guard URLSafety.isSafe(url) else {
        HTMLEscaping.append(URLSafety.blocked, into: &output)
        return
      }
      if URLSafety.isRootRelative(url) { output.append(contentsOf: basePath) }
      HTMLEscaping.append(url, into: &output)
    case .srcset:
      HTMLEscaping.append(URLSafety.isSafeSourceSet(url) ? url : URLSafety.blocked, into: &output)
    case .text:
      HTMLEscaping.append(url, into: &output)
    }
  }

  /// Decimal digits without making a string.
  static func appendDecimal(_ number: Int, into output: inout [UInt8]) {
    if number < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    // The largest power of ten not above the number: at most 10^18, so it cannot overflow.
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    repeat {
      output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }
}
