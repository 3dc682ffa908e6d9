import MVVM

/// A compiled template flattened for speed: one buffer of static bytes and a flat list of
/// plain-value instructions that point into it and at output slots. Walking it copies no arrays
/// and no strings, and looks up no names.
///
/// Static bytes ride on the step that follows them: each instruction writes its range of
/// `staticBytes` first, then its value, so the markup between two values costs no step of its
/// own (` width="` before a width; `" height="` after it and before a height).
struct RenderPlan: Sendable {
  enum Code: UInt8, Sendable {
    case bytes, basePath, text, booleanAttribute, condition, negatedCondition, repeatEach,
      object, fragment
    /// A repeat item's parity, `odd` or `even`: two fixed words written without a visit.
    case parity

    /// The code of a step that writes `slot`'s value.
    static func writing(_ slot: Slot) -> Code {
      slot.source == .position(.parity) ? .parity : .text
    }
  }

  /// `start..<end` is the range of `staticBytes` written before the step (for a boolean
  /// attribute, the bytes written when its flag holds, and nothing before). For blocks
  /// (conditions, repeats, objects) `next` is the index of the first instruction after the block.
  /// A slot is `depth` and `field`: an output's number, or for a repeat position
  /// `-1 - position`; a stored output also says where it lies (`storage`). `kind` says how a
  /// value is written: as text, or as a URL attribute.
  struct Instruction: Sendable {
    var code: Code
    var kind: AttributeKind = .text
    var storage: OutputStorage?
    var depth: Int32 = 0
    var field: Int32 = 0
    var start: Int32 = 0
    var end: Int32 = 0
    var next: Int32 = 0

    init(code: Code, kind: AttributeKind = .text, slot: Slot? = nil, bytes: Range<Int> = 0..<0) {
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
      start = Int32(truncatingIfNeeded: bytes.lowerBound)
      end = Int32(truncatingIfNeeded: bytes.upperBound)
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

  /// Appends the instructions of `ops`, a block's body or the page; static bytes wait for the
  /// step they come before, and those at the end of the body get a step of their own.
  private mutating func append(_ ops: [RenderOp], depth: Int) {
    maxDepth = max(maxDepth, depth)
    // Where the static bytes not yet written by a step begin.
    var pending = staticBytes.count
    /// The static bytes since the last step, for the step being added.
    func taken(_ plan: inout RenderPlan) -> Range<Int> {
      defer { pending = plan.staticBytes.count }
      return pending..<plan.staticBytes.count
    }
    for op in ops {
      switch op {
      case .bytes(let bytes):
        staticBytes += bytes
      case .basePath:
        instructions.append(Instruction(code: .basePath, bytes: taken(&self)))
      case .text(let slot):
        instructions.append(Instruction(code: .writing(slot), slot: slot, bytes: taken(&self)))
      case .attribute(let slot, let prefix, let kind):
        staticBytes += prefix
        instructions.append(
          Instruction(code: .writing(slot), kind: kind, slot: slot, bytes: taken(&self)))
        staticBytes.append(UInt8(ascii: "\""))
      case .booleanAttribute(let slot, let bytes):
        flush(taken(&self))
        staticBytes += bytes
        instructions.append(Instruction(code: .booleanAttribute, slot: slot, bytes: taken(&self)))
      case .condition(let slot, let negated, let body):
        let code: Code = negated ? .negatedCondition : .condition
        block(Instruction(code: code, slot: slot, bytes: taken(&self)), body, depth)
        pending = staticBytes.count
      case .repeatEach(let slot, let body):
        block(Instruction(code: .repeatEach, slot: slot, bytes: taken(&self)), body, depth + 1)
        pending = staticBytes.count
      case .object(let slot, let body):
        block(Instruction(code: .object, slot: slot, bytes: taken(&self)), body, depth + 1)
        pending = staticBytes.count
      case .fragment(let id, let body):
        let start = instructions.count + 1
        block(Instruction(code: .fragment, bytes: taken(&self)), body, depth)
        pending = staticBytes.count
        fragments[id] = start..<instructions.count
        fragmentIDs.append(id)
      }
    }
    flush(taken(&self))
  }

  /// A step that only writes static bytes, when there are any.
  private mutating func flush(_ bytes: Range<Int>) {
    if !bytes.isEmpty { instructions.append(Instruction(code: .bytes, bytes: bytes)) }
  }

  private mutating func block(_ head: Instruction, _ body: [RenderOp], _ depth: Int) {
    let position = instructions.count
    instructions.append(head)
    append(body, depth: depth)
    instructions[position].next = Int32(truncatingIfNeeded: instructions.count)
  }
}
