/// A compiled template flattened for speed: one buffer of static bytes, output names, and a flat
/// list of plain-value instructions that point into both. Walking it copies no arrays and no
/// strings, so rendering spends its time writing bytes, not counting references.
struct RenderPlan: Sendable {
  enum Code: UInt8, Sendable {
    case bytes, basePath, text, attribute, booleanAttribute, condition, negatedCondition,
      repeatEach, object, fragment
  }

  /// `start..<end` is a range of `staticBytes`, or for blocks (conditions, repeats, objects)
  /// `end` is the index of the first instruction after the block.
  struct Instruction: Sendable {
    var code: Code
    var kind: AttributeKind = .text
    var name: Int32 = 0
    var start: Int32 = 0
    var end: Int32 = 0
  }

  private(set) var instructions: [Instruction] = []
  private(set) var staticBytes: [UInt8] = []
  private(set) var names: [String] = []
  /// The instructions of each element that can be rendered on its own, by its `id`.
  private(set) var fragments: [String: Range<Int>] = [:]

  init(_ ops: [RenderOp]) {
    append(ops)
  }

  private mutating func append(_ ops: [RenderOp]) {
    for op in ops {
      switch op {
      case .bytes(let bytes):
        instructions.append(
          Instruction(code: .bytes, start: store(bytes), end: Int32(staticBytes.count)))
      case .basePath:
        instructions.append(Instruction(code: .basePath))
      case .text(let name):
        instructions.append(Instruction(code: .text, name: index(of: name)))
      case .attribute(let name, let prefix, let kind):
        instructions.append(
          Instruction(
            code: .attribute, kind: kind, name: index(of: name), start: store(prefix),
            end: Int32(staticBytes.count)))
      case .booleanAttribute(let name, let bytes):
        instructions.append(
          Instruction(
            code: .booleanAttribute, name: index(of: name), start: store(bytes),
            end: Int32(staticBytes.count)))
      case .condition(let name, let negated, let body):
        block(negated ? .negatedCondition : .condition, name, body)
      case .repeatEach(let name, let body):
        block(.repeatEach, name, body)
      case .object(let name, let body):
        block(.object, name, body)
      case .fragment(let id, let body):
        let start = instructions.count + 1
        block(.fragment, id, body)
        fragments[id] = start..<instructions.count
      }
    }
  }

  private mutating func block(_ code: Code, _ name: String, _ body: [RenderOp]) {
    let position = instructions.count
    instructions.append(Instruction(code: code, name: index(of: name)))
    append(body)
    instructions[position].end = Int32(instructions.count)
  }

  private mutating func store(_ bytes: [UInt8]) -> Int32 {
    defer { staticBytes += bytes }
    return Int32(staticBytes.count)
  }

  private mutating func index(of name: String) -> Int32 {
    if let existing = names.firstIndex(of: name) { return Int32(existing) }
    names.append(name)
    return Int32(names.count - 1)
  }
}
