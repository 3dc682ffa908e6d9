import MVVM

/// One rendering: walks the plan's instructions with a stack of scopes (the page, then each
/// repeat item and object inside it). Every slot names its scope's depth and output number, so a
/// lookup is an index and one call into the scope type's accessor, which hands the value back
/// through the `OutputVisitor` methods below; `purpose` says what the value is wanted for.
struct Renderer: OutputVisitor {
  /// What the output being visited is for.
  private enum Purpose {
    /// Written as text, or as an attribute value of this kind.
    case write(AttributeKind)
    /// Only whether it holds: a flag's value, or an optional's presence.
    case test
    /// A list or object whose items render these instructions.
    case enter(Range<Int>)
  }

  let instructions: UnsafeBufferPointer<RenderPlan.Instruction>
  let staticBytes: UnsafeBufferPointer<UInt8>
  let basePath: [UInt8]
  let links: any LinkPrinter
  var output: ByteBuffer
  private var scopes: [Scope] = []
  private var purpose = Purpose.test
  /// The answer of the last `.test` visit.
  private var holds = false

  init(
    instructions: UnsafeBufferPointer<RenderPlan.Instruction>,
    staticBytes: UnsafeBufferPointer<UInt8>, basePath: [UInt8], links: any LinkPrinter,
    output: ByteBuffer, maxDepth: Int
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
        output.append(basePath)
      case .text:
        visit(instruction, for: .write(.text))
      case .attribute:
        appendStatic(instruction)
        visit(instruction, for: .write(instruction.kind))
        output.append(UInt8(ascii: "\""))
      case .booleanAttribute:
        if test(instruction) { appendStatic(instruction) }
      case .condition, .negatedCondition:
        let blockEnd = Int(instruction.end)
        if test(instruction) != (instruction.code == .negatedCondition) { run(index..<blockEnd) }
        index = blockEnd
      case .repeatEach, .object:
        let blockEnd = Int(instruction.end)
        visit(instruction, for: .enter(index..<blockEnd))
        index = blockEnd
      }
    }
  }

  /// Asks the slot's scope for its output, or answers a repeat position itself.
  private mutating func visit(_ instruction: RenderPlan.Instruction, for purpose: Purpose) {
    let scope = scopes[Int(instruction.depth)]
    let field = Int(instruction.field)
    guard field >= 0 else {
      visitPosition(RepeatPosition(rawValue: -1 - field), of: scope, for: purpose)
      return
    }
    self.purpose = purpose
    scope.visit(field, with: &self)
  }

  private mutating func test(_ instruction: RenderPlan.Instruction) -> Bool {
    holds = false
    visit(instruction, for: .test)
    return holds
  }

  private mutating func visitPosition(
    _ position: RepeatPosition?, of scope: Scope, for purpose: Purpose
  ) {
    self.purpose = purpose
    switch position {
    case .index: visitNumber(scope.index + 1)
    case .first: visitFlag(scope.index == 0)
    case .last: visitFlag(scope.index == scope.count - 1)
    case .odd: visitFlag(scope.index % 2 == 0)
    case .even: visitFlag(scope.index % 2 == 1)
    case .parity: visitText(scope.index % 2 == 0 ? "odd" : "even")
    case nil: visitAbsent()
    }
  }

  // MARK: Values, as the scope's accessor hands them over

  mutating func visitText(_ text: String) {
    switch purpose {
    case .write: HTMLEscaping.append(text, into: &output)
    case .test: holds = true
    case .enter: break
    }
  }

  mutating func visitText(at text: UnsafePointer<String>) {
    switch purpose {
    case .write: HTMLEscaping.append(at: text, into: &output)
    case .test: holds = true
    case .enter: break
    }
  }

  mutating func visitNumber(_ number: Int) {
    switch purpose {
    case .write: Self.appendDecimal(number, into: &output)
    case .test: holds = true
    case .enter: break
    }
  }

  mutating func visitFlag(_ flag: Bool) {
    if case .test = purpose { holds = flag }
  }

  mutating func visitLink(_ link: Link) {
    switch purpose {
    case .write(let kind): appendURL(link, kind: kind)
    case .test: holds = true
    case .enter: break
    }
  }

  mutating func visitAbsent() {
    if case .test = purpose { holds = false }
  }

  mutating func visitList<Item: Outputs>(_ items: [Item]) {
    guard case .enter(let body) = purpose else {
      holds = true
      return
    }
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for position in 0..<buffer.count {
        scopes.append(Scope(first + position, index: position, count: buffer.count))
        run(body)
        scopes.removeLast()
      }
    }
  }

  mutating func visitObject<Object: Outputs>(at object: UnsafePointer<Object>) {
    guard case .enter(let body) = purpose else {
      holds = true
      return
    }
    scopes.append(Scope(object))
    run(body)
    scopes.removeLast()
  }

  // MARK: Writing

  @inline(__always)
  private mutating func appendStatic(_ instruction: RenderPlan.Instruction) {
    output.append(
      UnsafeBufferPointer(rebasing: staticBytes[Int(instruction.start)..<Int(instruction.end)]))
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
      if URLSafety.isRootRelative(url) { output.append(basePath) }
      HTMLEscaping.append(url, into: &output)
    case .srcset:
      HTMLEscaping.append(URLSafety.isSafeSourceSet(url) ? url : URLSafety.blocked, into: &output)
    case .text:
      HTMLEscaping.append(url, into: &output)
    }
  }

  /// Decimal digits without making a string: counted first, then written from the last.
  static func appendDecimal(_ number: Int, into output: inout ByteBuffer) {
    var magnitude = number.magnitude
    // An Int has at most 19 digits, so the limit stops at 10^19 and cannot overflow.
    var digits = 1
    var limit: UInt = 10
    while magnitude >= limit && digits < 19 {
      digits += 1
      limit *= 10
    }
    let length = (number < 0 ? 1 : 0) + digits
    let start = output.reserve(length)
    if number < 0 { start.pointee = UInt8(ascii: "-") }
    var position = length
    repeat {
      position -= 1
      start[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    output.advance(by: length)
  }
}
