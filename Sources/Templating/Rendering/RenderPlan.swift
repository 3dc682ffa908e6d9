import MVVM

/// A compiled template flattened for speed: one buffer of static bytes and a flat list of
/// plain-value instructions that point into it and at output slots. Walking it copies no arrays
/// and no strings, and looks up no names.
struct RenderPlan: Sendable {
  enum Code: UInt8, Sendable {
    case bytes, basePath, text, attribute, booleanAttribute, condition, negatedCondition,
      repeatEach, object, fragment
  }

  /// `start..<end` is a range of `staticBytes`, or for blocks (conditions, repeats, objects)
  /// `end` is the index of the first instruction after the block. A slot is `depth` and `field`:
  /// an output's number, or for a repeat position `-1 - position`; a stored output also says
  /// where it lies (`storage`).
  struct Instruction: Sendable {
    var code: Code
    var kind: AttributeKind = .text
    var storage: OutputStorage?
    var depth: Int32 = 0
    var field: Int32 = 0
    var start: Int32 = 0
    var end: Int32 = 0

    init(code: Code, kind: AttributeKind = .text, slot: Slot? = nil, start: Int = 0, end: Int = 0) {
      self.code = code
      self.kind = kind
      if let slot {
        depth = Int32(truncatingIfNeeded: slot.depth)
        switch slot.source {
        case .output(let index): field = Int32(truncatingIfNeeded: index)
        case .position(let position): field = -1 - Int32(truncatingIfNeeded: position.rawValue)
        }
        storage = slot.storage
      }
      self.start = Int32(truncatingIfNeeded: start)
      self.end = Int32(truncatingIfNeeded: end)
    }
  }

  private(set) var instructions: [Instruction] = []
  private(set) var staticBytes: [UInt8] = []
  /// The instructions of each live element (`m:live`), rendered on its own by its `id`.
  private(set) var fragments: [String: Range<Int>] = [:]
  /// The live elements' ids in page order.
  private(set) var fragmentIDs: [String] = []
  /// How deep scopes nest (the page, repeat items, objects), to size the renderer's stack once.
  private(set) var maxDepth = 1

  init(_ ops: [RenderOp]) {
    append(ops, depth: 1)
  }

  private mutating func append(_ ops: [RenderOp], depth: Int) {
    maxDepth = max(maxDepth, depth)
    for op in ops {
      switch op {
      case .bytes(let bytes):
        let start = store(bytes)
        instructions.append(Instruction(code: .bytes, start: start, end: staticBytes.count))
      case .basePath:
        instructions.append(Instruction(code: .basePath))
      case .text(let slot):
        instructions.append(Instruction(code: .text, slot: slot))
      case .attribute(let slot, let prefix, let kind):
        let start = store(prefix)
        instructions.append(
          Instruction(
            code: .attribute, kind: kind, slot: slot, start: start, end: staticBytes.count))
      case .booleanAttribute(let slot, let bytes):
        let start = store(bytes)
        instructions.append(
          Instruction(code: .booleanAttribute, slot: slot, start: start, end: staticBytes.count))
      case .condition(let slot, let negated, let body):
        block(Instruction(code: negated ? .negatedCondition : .condition, slot: slot), body, depth)
      case .repeatEach(let slot, let body):
        block(Instruction(code: .repeatEach, slot: slot), body, depth + 1)
      case .object(let slot, let body):
        block(Instruction(code: .object, slot: slot), body, depth + 1)
      case .fragment(let id, let body):
        let start = instructions.count + 1
        block(Instruction(code: .fragment), body, depth)
        fragments[id] = start..<instructions.count
        fragmentIDs.append(id)
      }
    }
  }

  private mutating func block(_ head: Instruction, _ body: [RenderOp], _ depth: Int) {
    let position = instructions.count
    instructions.append(head)
    append(body, depth: depth)
    instructions[position].end = Int32(truncatingIfNeeded: instructions.count)
  }

  private mutating func store(_ bytes: [UInt8]) -> Int {
    defer { staticBytes += bytes }
    return staticBytes.count
  }
}
