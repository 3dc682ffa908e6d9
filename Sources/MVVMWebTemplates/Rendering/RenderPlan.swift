import MVVMWebViewModels

/// A compiled template flattened for speed: one buffer of static bytes and a flat list of
/// plain-value instructions that point into it and at output slots. Walking it copies no arrays
/// and no strings, and looks up no names.
///
/// Static bytes ride on the step that follows them: each instruction writes its range of
/// `staticBytes` first, then its value, so the markup between two values costs no step of its
/// own (` width="` before a width; `" height="` after it and before a height).
///
/// A stored object whose part of the page reads it only through stored values (an image in a
/// table row) gets no step and no scope of its own: its outputs are read where they lie inside
/// the scope that holds it, and the markup around it joins its neighbours'.
struct RenderPlan: Sendable {
  /// What a step does. A stored output's kind of value is decided here, when the plan is made,
  /// so rendering reads it without asking its layout.
  enum Code: UInt8, Sendable {
    case bytes, basePath, text, booleanAttribute, condition, negatedCondition, repeatEach,
      object, fragment
    /// A repeat with `m:key`, whose rows a rendering records (`Renderer.rowMarks`).
    case keyedRepeat
    /// A repeat item's parity, `odd` or `even`: two fixed words written without a visit.
    case parity
    /// A stored `String`, `Int` or `Link`, read where it lies in its scope's instance.
    case string, number, link
    /// A stored object, whose scope starts where it lies, without a call to its parent.
    case storedObject
    /// An element with a bound link, left out when the viewer may not use it.
    case guarded
  }

  /// Whether a repeat's rows may be copied from what a page kept of an `Unchanging` item.
  enum RowReuse: UInt8, Sendable {
    /// Every row is written afresh: it reads a scope around its item (the page, the site, an
    /// enclosing item or object), or its index, or whether it is first or last.
    case never
    /// A row depends on its item alone: one kept rendering serves every place in the list.
    case always
    /// A row depends on its item and its parity (`parity`, `odd`, `even`): kept once for each.
    case byParity
  }

  /// The static bytes a step writes first, when there are at most this many: they are kept in
  /// the step and copied as four 16-byte blocks, with no look into `staticBytes`. 64 holds the
  /// markup between two values of a table row, a cell's start tag and an image's included.
  static let markupCapacity = 64

  /// One step. `staticCount` static bytes are written before the step's value: held in `markup`
  /// when they fit, otherwise in `staticBytes` from `start` (for a boolean attribute, the bytes
  /// written when its flag holds, and nothing before). For blocks (conditions, repeats, objects)
  /// `next` is the index of the first instruction after the block. A slot is `depth` and
  /// `field`: an output's number, or for a repeat position `-1 - position`; an output of an
  /// object read in place is `innerField` of the object that is output `field`. A stored output also
  /// has its `offset` in an instance of `root`, the type it was measured on; a stored object's
  /// type is `objectTypes[typeIndex]`. `kind` says how a value is written: as text, or as a URL.
  /// A repeat's `rowReuse` says whether its rows may be copied from an item's kept markup, and
  /// `part` is the number its rows are kept under, which no other repeat of any plan has.
  struct Instruction: Sendable {
    var code: Code
    var kind: AttributeKind = .text
    var rowReuse = RowReuse.never
    var depth: Int32 = 0
    var field: Int32 = 0
    var staticCount: Int32 = 0
    var start: Int32 = 0
    var next: Int32 = 0
    var offset: Int32 = 0
    var typeIndex: Int32 = 0
    var innerField: Int32 = -1
    // 32 bits fill the room before `root`, so a step stays 112 bytes. A part number recurs only
    // after four billion repeats compiled in one process.
    var part: UInt32 = 0
    var root: ObjectIdentifier?
    var markup = (SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>())

    init(code: Code, kind: AttributeKind = .text, slot: Slot? = nil) {
      self.code = code
      self.kind = kind
      guard let slot else { return }
      depth = Int32(truncatingIfNeeded: slot.depth)
      switch slot.source {
      case .output(let index): field = Int32(truncatingIfNeeded: index)
      case .position(let position): field = -1 - Int32(truncatingIfNeeded: position.rawValue)
      }
      if let holder = slot.holder {
        innerField = field
        depth = Int32(truncatingIfNeeded: holder.depth)
        field = Int32(truncatingIfNeeded: holder.field)
      }
    }
  }

  private(set) var instructions: [Instruction] = []
  private(set) var staticBytes: [UInt8] = []
  /// The instructions of each live element (`m:live`), rendered on its own by its `id`.
  private(set) var fragments: [String: Range<Int>] = [:]
  /// The live elements' ids in page order.
  private(set) var fragmentIDs: [String] = []
  /// How deep scopes nest (the site object when bound, the page, repeat items, objects), to size
  /// the renderer's stack once.
  var maxDepth: Int { shape >> 1 }
  /// Whether the page binds outputs of the site object: only then does a rendering put the site
  /// below the page's view model (at depth 0), so a page that binds none of them renders as it
  /// would without a site.
  var bindsSite: Bool { shape & 1 == 1 }
  /// `maxDepth` and `bindsSite` in one word, so the flag adds no field to a plan: each rendering
  /// copies its page's plan, and one more field would move that copy out of line.
  private var shape: Int

  /// The types of the stored objects the plan enters in place.
  private(set) var objectTypes: [any Outputs.Type] = []

  /// The plan of `ops`, inside the page's view model and, when the page binds it, the site
  /// object below it.
  init(_ ops: [RenderOp], bindsSite: Bool = false) {
    let scopes = bindsSite ? 2 : 1
    shape = scopes << 1 | (bindsSite ? 1 : 0)
    append(Self.inliningStoredObjects(ops, depth: scopes), depth: scopes)
  }

  /// `ops` with each stored object whose body reads it only through stored values replaced by
  /// that body, its slots reading the object where it lies in the scope that holds it. `depth`
  /// is the number of scopes around `ops`, so a block inside opens scope `depth`.
  private static func inliningStoredObjects(_ ops: [RenderOp], depth: Int) -> [RenderOp] {
    ops.flatMap { op -> [RenderOp] in
      switch op {
      case .object(let slot, let body):
        let body = inliningStoredObjects(body, depth: depth + 1)
        guard let holder = holder(slot, ofBody: body, opening: depth) else {
          return [.object(slot, body)]
        }
        return body.map { reading($0, objectAt: depth, through: holder) }
      case .condition(let slot, let negated, let body):
        return [.condition(slot, negated: negated, inliningStoredObjects(body, depth: depth))]
      case .repeatEach(let slot, let body):
        return [.repeatEach(slot, inliningStoredObjects(body, depth: depth + 1))]
      case .keyedRepeat(let slot, let body):
        return [.keyedRepeat(slot, inliningStoredObjects(body, depth: depth + 1))]
      case .fragment(let id, let body):
        return [.fragment(id, inliningStoredObjects(body, depth: depth))]
      case .guarded(let body):
        return [.guarded(inliningStoredObjects(body, depth: depth))]
      case .bytes, .basePath, .text, .attribute, .booleanAttribute:
        return [op]
      }
    }
  }

  /// The object of `slot`, when it is stored and `body`, its part of the page in scope
  /// `objectDepth`, reads it only through stored plain values and opens no scope of its own.
  private static func holder(
    _ slot: Slot, ofBody body: [RenderOp], opening objectDepth: Int
  )
    -> Slot.Holder?
  {
    guard case .output(let field) = slot.source, let storage = slot.storage,
      case .object = storage.layout, readsStoredValuesOnly(body, of: objectDepth)
    else { return nil }
    return Slot.Holder(depth: slot.depth, field: field, offset: storage.offset, root: storage.root)
  }

  private static func readsStoredValuesOnly(_ ops: [RenderOp], of objectDepth: Int) -> Bool {
    func isStoredValue(_ slot: Slot) -> Bool {
      // A slot of an object inlined into this one reads this scope too, through its holder: it
      // would need both objects' offsets, so this object keeps its scope.
      guard (slot.holder?.depth ?? slot.depth) == objectDepth else { return true }
      guard case .output = slot.source, slot.holder == nil, let layout = slot.storage?.layout
      else { return false }
      switch layout {
      case .string, .number, .link, .flag: return true
      case .object: return false
      }
    }
    return ops.allSatisfy { op in
      switch op {
      case .bytes, .basePath: true
      case .text(let slot), .attribute(let slot, _, _), .booleanAttribute(let slot, _):
        isStoredValue(slot)
      case .condition(let slot, _, let body):
        isStoredValue(slot) && readsStoredValuesOnly(body, of: objectDepth)
      case .guarded(let body): readsStoredValuesOnly(body, of: objectDepth)
      case .repeatEach, .keyedRepeat, .object, .fragment: false
      }
    }
  }

  /// `op` with its slots into scope `objectDepth` reading through `holder` instead.
  private static func reading(
    _ op: RenderOp, objectAt objectDepth: Int, through holder: Slot.Holder
  )
    -> RenderOp
  {
    func mapped(_ slot: Slot) -> Slot {
      guard slot.depth == objectDepth else { return slot }
      var slot = slot
      slot.holder = holder
      return slot
    }
    switch op {
    case .bytes, .basePath, .repeatEach, .keyedRepeat, .object, .fragment: return op
    case .text(let slot): return .text(mapped(slot))
    case .attribute(let slot, let prefix, let kind):
      return .attribute(mapped(slot), prefix: prefix, kind: kind)
    case .booleanAttribute(let slot, let bytes):
      return .booleanAttribute(mapped(slot), bytes: bytes)
    case .condition(let slot, let negated, let body):
      return .condition(
        mapped(slot), negated: negated,
        body.map { reading($0, objectAt: objectDepth, through: holder) })
    case .guarded(let body):
      return .guarded(body.map { reading($0, objectAt: objectDepth, through: holder) })
    }
  }

  /// Appends the instructions of `ops`, a block's body or the page; static bytes wait for the
  /// step they come before, and those at the end of the body get a step of their own.
  private mutating func append(_ ops: [RenderOp], depth: Int) {
    shape = max(maxDepth, depth) << 1 | shape & 1
    // Where the static bytes not yet written by a step begin.
    var pending = staticBytes.count
    /// Adds `instruction` with the static bytes since the last step.
    func add(_ instruction: Instruction, _ plan: inout RenderPlan) {
      var instruction = instruction
      plan.attach(pending..<plan.staticBytes.count, to: &instruction)
      plan.instructions.append(instruction)
      pending = plan.staticBytes.count
    }
    for op in ops {
      switch op {
      case .bytes(let bytes):
        staticBytes += bytes
      case .basePath:
        add(Instruction(code: .basePath), &self)
      case .text(let slot):
        add(writing(slot), &self)
      case .attribute(let slot, let prefix, let kind):
        staticBytes += prefix
        add(writing(slot, as: kind), &self)
        staticBytes.append(UInt8(ascii: "\""))
      case .booleanAttribute(let slot, let bytes):
        if pending < staticBytes.count { add(Instruction(code: .bytes), &self) }
        staticBytes += bytes
        add(testing(slot, code: .booleanAttribute), &self)
      case .condition(let slot, let negated, let body):
        block(testing(slot, code: negated ? .negatedCondition : .condition), body, depth, &pending)
      case .repeatEach(let slot, let body):
        block(repeating(.repeatEach, slot, body, itemDepth: depth), body, depth + 1, &pending)
      case .keyedRepeat(let slot, let body):
        block(repeating(.keyedRepeat, slot, body, itemDepth: depth), body, depth + 1, &pending)
      case .object(let slot, let body):
        block(entering(slot), body, depth + 1, &pending)
      case .fragment(let id, let body):
        let start = instructions.count + 1
        block(Instruction(code: .fragment), body, depth, &pending)
        fragments[id] = start..<instructions.count
        fragmentIDs.append(id)
      case .guarded(let body):
        block(Instruction(code: .guarded), body, depth, &pending)
      }
    }
    if pending < staticBytes.count { add(Instruction(code: .bytes), &self) }
  }

  /// The head of a repeat whose items are scope `itemDepth` (the number of scopes around the
  /// repeat), with whether its rows may be copied from what a page kept of them, and a part
  /// number of its own to keep them under.
  private func repeating(
    _ code: Code, _ slot: Slot, _ body: [RenderOp], itemDepth: Int
  )
    -> Instruction
  {
    var instruction = Instruction(code: code, slot: slot)
    instruction.rowReuse = Self.rowReuse(of: body, itemDepth: itemDepth)
    if instruction.rowReuse != .never {
      instruction.part = UInt32(truncatingIfNeeded: RenderingSerial.next())
    }
    return instruction
  }

  /// Whether a row's markup depends on its item alone (and maybe its parity): every slot in
  /// `ops` reads the item or a scope inside it, and of the item's place in its list at most the
  /// parity.
  private static func rowReuse(of ops: [RenderOp], itemDepth: Int) -> RowReuse {
    var reuse = RowReuse.always
    func allows(_ slot: Slot) -> Bool {
      let depth = slot.holder?.depth ?? slot.depth
      guard depth >= itemDepth else { return false }
      guard depth == itemDepth, case .position(let position) = slot.source else { return true }
      switch position {
      case .odd, .even, .parity:
        reuse = .byParity
        return true
      case .index, .first, .last:
        return false
      }
    }
    func allows(_ ops: [RenderOp]) -> Bool {
      ops.allSatisfy { op in
        switch op {
        case .bytes, .basePath: true
        case .text(let slot), .attribute(let slot, _, _), .booleanAttribute(let slot, _):
          allows(slot)
        case .condition(let slot, _, let body), .repeatEach(let slot, let body),
          .keyedRepeat(let slot, let body), .object(let slot, let body):
          allows(slot) && allows(body)
        case .guarded(let body): allows(body)
        case .fragment: false
        }
      }
    }
    return allows(ops) ? reuse : .never
  }

  /// Gives `instruction` the static bytes in `range`: a copy in the step when they fit.
  private func attach(_ range: Range<Int>, to instruction: inout Instruction) {
    instruction.staticCount = Int32(truncatingIfNeeded: range.count)
    instruction.start = Int32(truncatingIfNeeded: range.lowerBound)
    guard range.count <= Self.markupCapacity else { return }
    var markup = [UInt8](repeating: 0, count: Self.markupCapacity)
    markup.replaceSubrange(0..<range.count, with: staticBytes[range])
    instruction.markup = (
      SIMD16(markup[0..<16]), SIMD16(markup[16..<32]), SIMD16(markup[32..<48]),
      SIMD16(markup[48...])
    )
  }

  /// The step that writes `slot`'s value; a plain stored value is read where it lies.
  private func writing(_ slot: Slot, as kind: AttributeKind = .text) -> Instruction {
    if slot.source == .position(.parity) { return Instruction(code: .parity, slot: slot) }
    let code: Code
    switch slot.storage?.layout {
    case .string?: code = .string
    case .number?: code = .number
    case .link?: code = .link
    default: return Instruction(code: .text, kind: kind, slot: slot)
    }
    return stored(Instruction(code: code, kind: kind, slot: slot), slot)
  }

  /// A step that tests `slot`; a stored flag is read where it lies.
  private func testing(_ slot: Slot, code: Code) -> Instruction {
    let instruction = Instruction(code: code, slot: slot)
    return slot.storage?.layout == .flag ? stored(instruction, slot) : instruction
  }

  /// The head of an object's block; a stored object is entered where it lies.
  private mutating func entering(_ slot: Slot) -> Instruction {
    guard case .object(let type)? = slot.storage?.layout else {
      return Instruction(code: .object, slot: slot)
    }
    var instruction = stored(Instruction(code: .storedObject, slot: slot), slot)
    instruction.typeIndex = Int32(truncatingIfNeeded: objectTypes.count)
    objectTypes.append(type)
    return instruction
  }

  private func stored(_ instruction: Instruction, _ slot: Slot) -> Instruction {
    guard let storage = slot.storage else { return instruction }
    var instruction = instruction
    instruction.root = slot.holder?.root ?? storage.root
    instruction.offset = Int32(truncatingIfNeeded: (slot.holder?.offset ?? 0) + storage.offset)
    return instruction
  }

  private mutating func block(
    _ head: Instruction, _ body: [RenderOp], _ depth: Int, _ pending: inout Int
  ) {
    var head = head
    attach(pending..<staticBytes.count, to: &head)
    let position = instructions.count
    instructions.append(head)
    append(body, depth: depth)
    instructions[position].next = Int32(truncatingIfNeeded: instructions.count)
    pending = staticBytes.count
  }
}
