import MVVMWebViewModels

/// One rendering: walks the plan's instructions with a stack of scopes (the site object when the
/// page binds it, the page, then each repeat item and object inside it). Every slot names its
/// scope's depth and output number, so a lookup is an index and one call into the scope type's
/// accessor, which hands the value back through the `OutputVisitor` methods below; `purpose` says
/// what the value is wanted for.
struct Renderer: OutputVisitor {
  /// What the output being visited is for.
  private enum Purpose {
    /// Written as text, or as an attribute value of this kind.
    case write(AttributeKind)
    /// Only whether it holds: a flag's value, or an optional's presence.
    case test
    /// A list or object whose items render these instructions.
    case enter(Range<Int>)
    /// A keyed list (`m:key`) whose items render these instructions, each item's bytes marked.
    case enterKeyed(Range<Int>)
    /// An object, whose output `forwarded` is the one wanted, for `forwardedPurpose`.
    case forward
  }

  /// A plan step, read where it lies in the plan.
  private typealias Step = UnsafePointer<RenderPlan.Instruction>

  let instructions: UnsafeBufferPointer<RenderPlan.Instruction>
  let staticBytes: UnsafeBufferPointer<UInt8>
  let objectTypes: [any Outputs.Type]
  /// The base path's bytes, valid for the whole rendering: read through a pointer, so a row
  /// that compares or writes it touches no reference count.
  let basePath: UnsafeBufferPointer<UInt8>
  let links: any LinkPrinter
  /// The printer's `reuseKey`, read once per rendering.
  private let printerKey: UInt64?
  /// Where a link's web address lies in it (`Link.addressOffset`), read once per rendering.
  private let linkAddressOffset = Link.addressOffset
  var output: ByteBuffer
  /// The scope stack, as deep as the plan nests (`RenderPlan.maxDepth`); the first `depth` of
  /// them are in use.
  private let scopes: UnsafeMutableBufferPointer<Scope>
  private var depth = 0
  private var purpose = Purpose.test
  /// The answer of the last `.test` visit.
  private var holds = false
  /// For `.forward`: the object's output wanted, and what for.
  private var forwarded = 0
  private var forwardedPurpose = Purpose.test
  /// Where the last keyed repeat rendered began, then where each of its items ended: item `i`
  /// is `rowMarks[i]..<rowMarks[i + 1]` of the output. Empty when none rendered.
  private(set) var rowMarks: [Int] = []
  /// How many keyed repeats rendered: a live element has at most one (the compiler sees to it).
  private(set) var keyedRepeats = 0
  /// The head of the last repeat reached: read by a list's visit, which it precedes, before
  /// anything inside the list moves it.
  private var repeatHead: Step?
  /// What of the rendering's conditions the markup written since the row being kept began
  /// used: the markup is kept for those conditions only.
  private var conditionsUsed = ConditionsUsed()
  /// How many elements with a bound link (`.guarded`) the step being run is inside, and whether
  /// a destination printed in the innermost one since it began is refused to the viewer.
  private var guards = 0
  private var refused = false

  private struct ConditionsUsed {
    var printer = false
    var basePath = false

    mutating func formUnion(_ other: ConditionsUsed) {
      printer = printer || other.printer
      basePath = basePath || other.basePath
    }
  }

  init(
    instructions: UnsafeBufferPointer<RenderPlan.Instruction>,
    staticBytes: UnsafeBufferPointer<UInt8>, objectTypes: [any Outputs.Type],
    basePath: UnsafeBufferPointer<UInt8>,
    links: any LinkPrinter,
    output: ByteBuffer, scopes: UnsafeMutableBufferPointer<Scope>
  ) {
    self.instructions = instructions
    self.staticBytes = staticBytes
    self.objectTypes = objectTypes
    self.basePath = basePath
    self.links = links
    self.printerKey = links.reuseKey
    self.output = output
    self.scopes = scopes
  }

  /// Puts the site object at the bottom of the stack, below the page's view model, for a plan
  /// that binds it (its slots into the site have depth 0). Left out when the stack is full, like
  /// any scope, rather than overflow it.
  mutating func enterSite(_ site: Scope) {
    guard depth < scopes.count else { return }
    scopes[depth] = site
    depth += 1
  }

  /// Renders `range` with `scope` on top of the stack. The stack is as deep as the plan nests,
  /// so it is never full here; if it were, the block would be left out rather than overflow it.
  mutating func run(_ range: Range<Int>, in scope: Scope) {
    guard depth < scopes.count else { return }
    scopes[depth] = scope
    depth += 1
    run(range)
    depth -= 1
  }

  private mutating func run(_ range: Range<Int>) {
    guard let first = instructions.baseAddress else { return }
    var index = range.lowerBound
    while index < range.upperBound {
      // Read in place, so each step loads only the fields its code uses (a copy loaded them all).
      let instruction = first + index
      index += 1
      // A boolean attribute's static bytes are the attribute, written only when its flag holds;
      // every other step writes its static bytes first.
      guard instruction.pointee.code != .booleanAttribute else {
        if test(instruction) { appendStatic(instruction) }
        continue
      }
      appendStatic(instruction)
      switch instruction.pointee.code {
      case .bytes, .fragment, .booleanAttribute:
        // A fragment's body follows and renders in place; a boolean attribute was written above.
        break
      case .basePath:
        conditionsUsed.basePath = true
        output.append(basePath)
      case .text:
        visit(instruction, for: .write(instruction.pointee.kind))
      case .string:
        guard let value = storedOrWritten(instruction) else { continue }
        let text = value.assumingMemoryBound(to: String.self)
        if !withUTF8BytesInPlace(at: text, { HTMLEscaping.append($0, into: &output) }) {
          HTMLEscaping.append(text.pointee, into: &output)
        }
      case .number:
        guard let value = storedOrWritten(instruction) else { continue }
        Self.appendDecimal(value.load(as: Int.self), into: &output)
      case .link:
        guard let value = storedOrWritten(instruction) else { continue }
        appendURL(at: value.assumingMemoryBound(to: Link.self), kind: instruction.pointee.kind)
      case .parity:
        if let scope = scope(instruction) {
          // Both words fit in four bytes, written whole and counted as far as the word goes.
          let odd = scope.index % 2 == 0
          let word: StaticString = odd ? "odd\0" : "even"
          UnsafeMutableRawPointer(output.reserve(4)).copyMemory(from: word.utf8Start, byteCount: 4)
          output.advance(by: odd ? 3 : 4)
        }
      case .condition, .negatedCondition:
        let blockEnd = Int(instruction.pointee.next)
        if test(instruction) != (instruction.pointee.code == .negatedCondition) {
          run(index..<blockEnd)
        }
        index = blockEnd
      case .storedObject:
        let blockEnd = Int(instruction.pointee.next)
        if let object = stored(instruction) {
          run(
            index..<blockEnd,
            in: Scope(object, type: objectTypes[Int(instruction.pointee.typeIndex)]))
        } else {
          visit(instruction, for: .enter(index..<blockEnd))
        }
        index = blockEnd
      case .object:
        let blockEnd = Int(instruction.pointee.next)
        visit(instruction, for: .enter(index..<blockEnd))
        index = blockEnd
      case .repeatEach:
        let blockEnd = Int(instruction.pointee.next)
        repeatHead = instruction
        visit(instruction, for: .enter(index..<blockEnd))
        index = blockEnd
      case .keyedRepeat:
        let blockEnd = Int(instruction.pointee.next)
        repeatHead = instruction
        visit(instruction, for: .enterKeyed(index..<blockEnd))
        index = blockEnd
      case .guarded:
        let blockEnd = Int(instruction.pointee.next)
        runGuarded(index..<blockEnd)
        index = blockEnd
      }
    }
  }

  /// Renders an element with a bound link, then takes it back out when a destination printed in
  /// it is refused to the viewer: written first, because the link is printed only once, while
  /// the element is written. A keyed repeat inside goes with it.
  private mutating func runGuarded(_ range: Range<Int>) {
    let (start, outerRefused, repeats) = (output.count, refused, keyedRepeats)
    refused = false
    guards += 1
    run(range)
    guards -= 1
    if refused {
      output.truncate(to: start)
      if keyedRepeats != repeats {
        keyedRepeats = repeats
        rowMarks = []
      }
    }
    refused = outerRefused
  }

  /// Where a stored value to write lies; or nil, when it is not where the plan expects, and it
  /// has been asked of its scope's type and written already.
  @inline(__always)
  private mutating func storedOrWritten(_ instruction: Step) -> UnsafeRawPointer? {
    guard let value = stored(instruction) else {
      visit(instruction, for: .write(instruction.pointee.kind))
      return nil
    }
    return value
  }

  /// Where a stored output lies, when its scope holds an instance of the type its offset was
  /// measured on; nil otherwise (a template rendered with a view model of another type), and
  /// the output is asked of the scope's type instead, which is always safe.
  @inline(__always)
  private func stored(_ instruction: Step) -> UnsafeRawPointer? {
    guard let root = instruction.pointee.root, let scope = scope(instruction),
      root == ObjectIdentifier(scope.type)
    else {
      return nil
    }
    return scope.instance + Int(instruction.pointee.offset)
  }

  /// The scope a slot reads from; the compiler only makes slots into scopes that enclose them.
  @inline(__always)
  private func scope(_ instruction: Step) -> Scope? {
    let index = Int(instruction.pointee.depth)
    return index < depth ? scopes[index] : nil
  }

  /// Asks the slot's scope for its output, or answers a repeat position itself.
  private mutating func visit(_ instruction: Step, for purpose: Purpose) {
    guard let scope = scope(instruction) else { return }
    let field = Int(instruction.pointee.field)
    guard field >= 0 else {
      visitPosition(RepeatPosition(rawValue: -1 - field), of: scope, for: purpose)
      return
    }
    if instruction.pointee.innerField >= 0 {
      // An output of an object the plan reads in place: asked of the object.
      forwarded = Int(instruction.pointee.innerField)
      forwardedPurpose = purpose
      self.purpose = .forward
    } else {
      self.purpose = purpose
    }
    scope.visit(field, with: &self)
  }

  private mutating func test(_ instruction: Step) -> Bool {
    // Only a stored flag has a root here: other tests ask the scope's type.
    if let flag = stored(instruction) { return flag.load(as: Bool.self) }
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
    case .enter, .enterKeyed, .forward: break
    }
  }

  mutating func visitNumber(_ number: Int) {
    switch purpose {
    case .write: Self.appendDecimal(number, into: &output)
    case .test: holds = true
    case .enter, .enterKeyed, .forward: break
    }
  }

  mutating func visitFlag(_ flag: Bool) {
    if case .test = purpose { holds = flag }
  }

  mutating func visitLink(_ link: Link) {
    switch purpose {
    // A link handed over as a value goes the way of one read in place.
    case .write(let kind): withUnsafePointer(to: link) { appendURL(at: $0, kind: kind) }
    case .test: holds = true
    case .enter, .enterKeyed, .forward: break
    }
  }

  mutating func visitAbsent() {
    if case .test = purpose { holds = false }
  }

  mutating func visitList<Item: Outputs>(_ items: [Item]) {
    guard let (body, keyed) = beginList(count: items.count) else { return }
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for position in 0..<buffer.count {
        run(body, in: Scope(first + position, index: position, count: buffer.count))
        if keyed { rowMarks.append(output.count) }
      }
    }
  }

  mutating func visitList<Item: Outputs>(_ items: [Unchanging<Item>]) {
    // The items are read where they lie in the list, each inside its wrapper, and so are
    // their kept renderings: the list holds them for the whole rendering, and a reference to
    // them copied out would be retained and released for every row.
    guard let itemOffset = MemoryLayout<Unchanging<Item>>.offset(of: \.item),
      let keptOffset = MemoryLayout<Unchanging<Item>>.offset(of: \.kept)
    else {
      return visitList(items.map(\.item))
    }
    let reuse = repeatHead?.pointee.rowReuse ?? .never
    let part = repeatHead?.pointee.part ?? 0
    guard let (body, keyed) = beginList(count: items.count) else { return }
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for position in 0..<buffer.count {
        let element = first + position
        let item = (UnsafeRawPointer(element) + itemOffset).assumingMemoryBound(to: Item.self)
        let scope = Scope(item, index: position, count: buffer.count)
        if reuse == .never {
          run(body, in: scope)
        } else {
          let parity = reuse == .byParity ? UInt8(truncatingIfNeeded: position & 1) : 0
          let kept = (UnsafeRawPointer(element) + keptOffset).load(
            as: Unmanaged<KeptRenderings>.self)
          kept._withUnsafeGuaranteedRef {
            renderRow(body, in: scope, keptIn: $0, part: part, parity: parity)
          }
        }
        if keyed { rowMarks.append(output.count) }
      }
    }
  }

  /// The instructions a list's items render, and whether its rows are marked (`m:key`), with
  /// the marks begun; nil when the list was only tested, which it passes.
  private mutating func beginList(count: Int) -> (body: Range<Int>, keyed: Bool)? {
    let body: Range<Int>
    let keyed: Bool
    switch purpose {
    case .enter(let range): (body, keyed) = (range, false)
    case .enterKeyed(let range): (body, keyed) = (range, true)
    default:
      holds = true
      return nil
    }
    if keyed {
      keyedRepeats += 1
      rowMarks = [output.count]
      rowMarks.reserveCapacity(count + 1)
    }
    return (body, keyed)
  }

  /// One row of an unchanging item: copied from what its item kept for these conditions, or
  /// rendered and kept, unless it printed a destination with a printer that cannot say what it
  /// prints (no `reuseKey`).
  private mutating func renderRow(
    _ body: Range<Int>, in scope: Scope, keptIn kept: KeptRenderings, part: UInt32, parity: UInt8
  ) {
    let outer = conditionsUsed
    defer { conditionsUsed.formUnion(outer) }
    if let used = copyKept(kept, part: part, parity: parity) {
      conditionsUsed = used
      return
    }
    conditionsUsed = ConditionsUsed()
    let start = output.count
    run(body, in: scope)
    let used = conditionsUsed
    guard !used.printer || printerKey != nil, let bytes = output.bytes(in: start..<output.count)
    else { return }
    KeptRow.keep(
      bytes, in: kept, part: part, parity: parity, printer: used.printer ? printerKey : nil,
      basePath: used.basePath ? basePath : nil)
  }

  /// Appends the markup `kept` holds for this part, parity and the rendering's conditions, and
  /// says which conditions it used; nil, writing nothing, when it holds none.
  @inline(__always)
  private mutating func copyKept(
    _ kept: KeptRenderings, part: UInt32, parity: UInt8
  )
    -> ConditionsUsed?
  {
    var used: ConditionsUsed?
    _ = kept.first { contents in
      guard
        let (row, bytes) = KeptRow.markup(
          in: contents, part: part, parity: parity, printer: printerKey, basePath: basePath)
      else { return false }
      output.append(bytes)
      used = ConditionsUsed(printer: row.usesPrinter, basePath: row.usesBasePath)
      return true
    }
    return used
  }

  mutating func visitObject<Object: Outputs>(at object: UnsafePointer<Object>) {
    switch purpose {
    case .enter(let body), .enterKeyed(let body): run(body, in: Scope(object))
    case .forward:
      purpose = forwardedPurpose
      Scope(object).visit(forwarded, with: &self)
    case .write, .test: holds = true
    }
  }

  // MARK: Writing

  /// The static bytes before a step: those held in the step as four 16-byte blocks, written
  /// whole into room for all four and counted only as far as they go; longer runs from the plan.
  @inline(__always)
  private mutating func appendStatic(_ instruction: Step) {
    let count = Int(instruction.pointee.staticCount)
    guard count <= RenderPlan.markupCapacity else {
      let start = Int(instruction.pointee.start)
      output.append(UnsafeBufferPointer(rebasing: staticBytes[start..<start + count]))
      return
    }
    let target = UnsafeMutableRawPointer(output.reserve(RenderPlan.markupCapacity))
    target.storeBytes(of: instruction.pointee.markup.0, as: SIMD16<UInt8>.self)
    target.storeBytes(of: instruction.pointee.markup.1, toByteOffset: 16, as: SIMD16<UInt8>.self)
    target.storeBytes(of: instruction.pointee.markup.2, toByteOffset: 32, as: SIMD16<UInt8>.self)
    target.storeBytes(of: instruction.pointee.markup.3, toByteOffset: 48, as: SIMD16<UInt8>.self)
    output.advance(by: count)
  }

  /// A URL, checked where it lands in an attribute: an app path gets the base path in front; an
  /// address from the data must have a safe scheme, or it becomes the blocked URL.
  @inline(__always)
  private mutating func appendURL(at link: UnsafePointer<Link>, kind: AttributeKind) {
    // An address from the data is read where it lies: a copy of the link (or even of its
    // optional destination, to test it) costs retains and releases. Only a web link has a
    // non-empty address; an empty one goes the long way, which tells the two kinds apart.
    if let offset = linkAddressOffset {
      let address = (UnsafeRawPointer(link) + offset).assumingMemoryBound(to: String.self)
      if !address.pointee.isEmpty
        && withUTF8BytesInPlace(at: address, { appendURL($0, kind: kind) })
      {
        return
      }
    }
    if let destination = link.pointee.destination {
      conditionsUsed.printer = true
      let path = links.path(for: destination)
      if guards > 0, kind == .url || kind == .action,
        links.refuses(path, sending: kind == .action)
      {
        refused = true
      }
      appendURL(path, kind: kind)
    } else {
      appendURL(link.pointee.address, kind: kind)
    }
  }

  private mutating func appendURL(_ url: String, kind: AttributeKind) {
    withUTF8Bytes(of: url) { appendURL($0, kind: kind) }
  }

  @inline(__always)
  private mutating func appendURL(_ bytes: UnsafeBufferPointer<UInt8>, kind: AttributeKind) {
    switch kind {
    case .url, .action:
      guard URLSafety.isSafe(bytes) else {
        HTMLEscaping.append(URLSafety.blocked, into: &output)
        return
      }
      if URLSafety.isRootRelative(bytes) {
        conditionsUsed.basePath = true
        output.append(basePath)
      }
      HTMLEscaping.append(bytes, into: &output)
    case .srcset:
      // Rare (an image's set of sources), so checked as a string.
      let set = String(decoding: bytes, as: UTF8.self)
      HTMLEscaping.append(URLSafety.isSafeSourceSet(set) ? set : URLSafety.blocked, into: &output)
    case .text:
      HTMLEscaping.append(bytes, into: &output)
    }
  }

  /// Decimal digits without making a string. One and two digits, the usual sizes, counts and
  /// positions, are written in place, without a call.
  @inline(__always)
  static func appendDecimal(_ number: Int, into output: inout ByteBuffer) {
    guard number >= 0 && number < 100 else { return appendLongDecimal(number, into: &output) }
    let digits = output.reserve(2)
    if number < 10 {
      digits.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number)
      output.advance(by: 1)
    } else {
      digits[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number / 10)
      digits[1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number % 10)
      output.advance(by: 2)
    }
  }

  /// Any other number: its digits counted first, then written from the last.
  @inline(never)
  private static func appendLongDecimal(_ number: Int, into output: inout ByteBuffer) {
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
