import MVVMWebTemplates

/// What changed in a live element with a keyed repeat (`m:key`) between two renders, by key:
/// made once per change for all the element's viewers, and sent as one `rows` event
/// (`LiveEvent.rows`) when it is smaller than the element.
///
/// The operations, a JSON array applied in order by `live.js`:
/// - `["add", key, after, html]`: a new row, placed after the row `after` (null: first);
/// - `["move", key, after]`: a row kept, placed after the row `after` (null: first);
/// - `["set", key, html]`: a row whose markup changed, replaced where it is;
/// - `["drop", key]`: a row gone;
/// - `["around", level, part, html]`: markup outside the repeat changed, in one element on the
///   path from the live element (level 0) down to the rows' parent: its start `tag` (for its
///   attributes), or the run of children `before` or `after` the next element on the path (for
///   the rows' parent, before or after the rows);
/// - `["child", level, part, index, count, html]`: the same, when the run `before` or `after`
///   keeps its text between elements and the number of its elements (`count`): only element
///   `index` of the run changed (one operation for each that did);
/// - `["outside", before, after]`: the same when the markup does not split that way: the element
///   is what `before` + the rows + `after` make.
///
/// Rows are placed in the new order, each after the one before it, so a row already in place
/// stays untouched: only the rows outside a longest run kept in order are moved.
enum LiveRows {
  enum Diff: Equatable {
    /// The operations, as the event's JSON.
    case operations([UInt8])
    /// Nothing to say by rows: the element is sent whole (no rows before or now, or the
    /// repeat rendered differently).
    case element
    /// Two rows of one render have this key: the element is sent whole, and it is logged.
    case duplicateKey(String)
  }

  static func diff(from old: LiveElement, to new: LiveElement) -> Diff {
    guard let oldRows = old.rows, let newRows = new.rows else { return .element }
    if let key = duplicate(newRows.keys) ?? duplicate(oldRows.keys) { return .duplicateKey(key) }
    // A list that was or becomes empty has no row to anchor the others: the element is sent.
    guard !oldRows.keys.isEmpty, !newRows.keys.isEmpty else { return .element }
    var oldIndex: [String: Int] = [:]
    for (index, key) in oldRows.keys.enumerated() { oldIndex[key] = index }
    let newKeys = Set(newRows.keys)
    // The kept rows that stay in place: the longest run of them already in the new order.
    let kept = newRows.keys.compactMap { oldIndex[$0] }
    let staying = Set(longestIncreasing(kept).map { oldRows.keys[$0] })

    var json: [UInt8] = [UInt8(ascii: "[")]
    func op(_ parts: [JSONValue]) {
      if json.count > 1 { json.append(UInt8(ascii: ",")) }
      json.append(UInt8(ascii: "["))
      for (index, part) in parts.enumerated() {
        if index > 0 { json.append(UInt8(ascii: ",")) }
        part.write(into: &json)
      }
      json.append(UInt8(ascii: "]"))
    }
    var after: JSONValue = .null
    for (index, key) in newRows.keys.enumerated() {
      let html = new.html[newRows.ranges[index]]
      if let previous = oldIndex[key] {
        if !staying.contains(key) { op([.string("move"), .string(key), after]) }
        if !old.html[oldRows.ranges[previous]].elementsEqual(html) {
          op([.string("set"), .string(key), .bytes(html)])
        }
      } else {
        op([.string("add"), .string(key), after, .bytes(html)])
      }
      after = .string(key)
    }
    for key in oldRows.keys where !newKeys.contains(key) { op([.string("drop"), .string(key)]) }
    let oldBefore = old.html[..<oldRows.span.lowerBound]
    let oldAfter = old.html[oldRows.span.upperBound...]
    let newBefore = new.html[..<newRows.span.lowerBound]
    let newAfter = new.html[newRows.span.upperBound...]
    if !oldBefore.elementsEqual(newBefore) || !oldAfter.elementsEqual(newAfter) {
      // Only the parts that changed, when both sides split the same way along the path to the
      // rows; otherwise all of the markup around them.
      if let was = Skeleton(oldBefore, oldAfter), let now = Skeleton(newBefore, newAfter),
        was.names == now.names
      {
        for level in now.names.indices {
          for (part, old, new) in [
            ("tag", was.tags[level], now.tags[level]),
            ("before", was.befores[level], now.befores[level]),
            ("after", was.afters[level], now.afters[level]),
          ] where !old.elementsEqual(new) {
            if part != "tag", let (changed, count) = Skeleton.changedElements(from: old, to: new) {
              for (index, html) in changed {
                op([
                  .string("child"), .number(level), .string(part), .number(index), .number(count),
                  .bytes(html),
                ])
              }
            } else {
              op([.string("around"), .number(level), .string(part), .bytes(new)])
            }
          }
        }
      } else {
        op([.string("outside"), .bytes(newBefore), .bytes(newAfter)])
      }
    }
    json.append(UInt8(ascii: "]"))
    return .operations(json)
  }

  private static func duplicate(_ keys: [String]) -> String? {
    var seen = Set<String>()
    return keys.first { !seen.insert($0).inserted }
  }

  /// The positions (values of `sequence`) of a longest strictly increasing subsequence.
  static func longestIncreasing(_ sequence: [Int]) -> [Int] {
    // tails[k]: index in `sequence` of the smallest tail of a run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: sequence.count)
    for (index, value) in sequence.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if sequence[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [Int] = []
    var index = tails.last ?? -1
    while index >= 0 {
      result.append(sequence[index])
      index = previous[index]
    }
    return result.reversed()
  }

  private enum JSONValue {
    case null
    case number(Int)
    case string(String)
    case bytes(ArraySlice<UInt8>)

    func write(into json: inout [UInt8]) {
      switch self {
      case .null: json += "null".utf8
      case .number(let number): json += String(number).utf8
      case .string(let text): Self.quote(Array(text.utf8)[...], into: &json)
      case .bytes(let bytes): Self.quote(bytes, into: &json)
      }
    }

    /// A JSON string of UTF-8 bytes: quotes, backslashes and control characters escaped
    /// (line breaks too, so the event's data is one line).
    static func quote(_ bytes: ArraySlice<UInt8>, into json: inout [UInt8]) {
      let hex = Array("0123456789abcdef".utf8)
      json.reserveCapacity(json.count + bytes.count + 2)
      json.append(UInt8(ascii: "\""))
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "\""): json += "\\\"".utf8
        case UInt8(ascii: "\\"): json += "\\\\".utf8
        case 0x0A: json += "\\n".utf8
        case 0x0D: json += "\\r".utf8
        case 0x09: json += "\\t".utf8
        case 0..<0x20:
          json += "\\u00".utf8
          json.append(hex[Int(byte >> 4)])
          json.append(hex[Int(byte & 0xF)])
        default: json.append(byte)
        }
      }
      json.append(UInt8(ascii: "\""))
    }
  }
}

/// A live element's markup around its rows, split along the path from the element down to the
/// rows' parent: for each element on it, its name, its start tag, and its children before and
/// after the next one on the path (the rows, for the last). Made from the renderer's own output,
/// whose attribute values and text never hold a raw `<` or `>`; nil for markup it does not
/// follow (a comment, a script, tags that do not nest).
struct Skeleton {
  var names: [ArraySlice<UInt8>] = []
  var tags: [ArraySlice<UInt8>] = []
  var befores: [ArraySlice<UInt8>] = []
  var afters: [ArraySlice<UInt8>] = []

  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
  ]

  /// One tag: its name, whether it closes, and where it ends.
  private struct Tag {
    var name: ArraySlice<UInt8>
    var closes: Bool
    var isVoid: Bool
    var start: Int
    var end: Int
  }

  /// The tag starting at `index` (a `<`), or nil for markup this does not follow.
  private static func tag(in bytes: ArraySlice<UInt8>, at index: Int) -> Tag? {
    var position = index + 1
    let closes = position < bytes.endIndex && bytes[position] == UInt8(ascii: "/")
    if closes { position += 1 }
    let nameStart = position
    while position < bytes.endIndex,
      bytes[position].isASCIILetterOrDigit || bytes[position] == UInt8(ascii: "-")
    {
      position += 1
    }
    guard position > nameStart, bytes[nameStart].isASCIILetter,
      let end = bytes[position...].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    let name = bytes[nameStart..<position]
    let text = String(decoding: name, as: UTF8.self).lowercased()
    // Raw text would hold what is not markup.
    guard text != "script", text != "style" else { return nil }
    let selfClosing = bytes[end - 1] == UInt8(ascii: "/")
    return Tag(
      name: name, closes: closes, isVoid: voidElements.contains(text) || selfClosing,
      start: index, end: end + 1)
  }

  init?(_ before: ArraySlice<UInt8>, _ after: ArraySlice<UInt8>) {
    // Before the rows: the elements still open at its end are the path.
    var open: [(name: ArraySlice<UInt8>, tag: Range<Int>)] = []
    var index = before.startIndex
    var runStarts: [Int] = []
    while let next = before[index...].firstIndex(of: UInt8(ascii: "<")) {
      guard let tag = Self.tag(in: before, at: next) else { return nil }
      if tag.closes {
        guard let last = open.popLast(), last.name.elementsEqual(tag.name) else { return nil }
        runStarts.removeLast()
      } else if !tag.isVoid {
        open.append((tag.name, tag.start..<tag.end))
        runStarts.append(tag.end)
      }
      index = tag.end
    }
    guard !open.isEmpty, before.startIndex == open[0].tag.lowerBound else { return nil }
    for (level, element) in open.enumerated() {
      names.append(element.name)
      tags.append(before[element.tag])
      let end = level + 1 < open.count ? open[level + 1].tag.lowerBound : before.endIndex
      befores.append(before[runStarts[level]..<end])
    }
    // After the rows: each element on the path closes, the rows' parent first.
    afters = Array(repeating: after[after.startIndex..<after.startIndex], count: open.count)
    var level = open.count - 1
    var depth: [ArraySlice<UInt8>] = []
    var runStart = after.startIndex
    index = after.startIndex
    while let next = after[index...].firstIndex(of: UInt8(ascii: "<")) {
      guard level >= 0, let tag = Self.tag(in: after, at: next) else { return nil }
      if !tag.closes {
        if !tag.isVoid { depth.append(tag.name) }
      } else if let inner = depth.popLast() {
        guard inner.elementsEqual(tag.name) else { return nil }
      } else {
        guard open[level].name.elementsEqual(tag.name) else { return nil }
        afters[level] = after[runStart..<tag.start]
        runStart = tag.end
        level -= 1
      }
      index = tag.end
    }
    guard level == -1, runStart == after.endIndex else { return nil }
  }

  /// The elements of run `new` that differ from `old`'s, by their place among the run's
  /// elements: when the two runs hold as many elements with the same text between them, and
  /// not every element changed. Nil otherwise: the run is sent whole.
  static func changedElements(
    from old: ArraySlice<UInt8>, to new: ArraySlice<UInt8>
  )
    -> (changed: [(index: Int, html: ArraySlice<UInt8>)], count: Int)?
  {
    guard let was = elements(of: old), let now = elements(of: new),
      was.elements.count == now.elements.count,
      was.texts.count == now.texts.count,
      zip(was.texts, now.texts).allSatisfy({ old[$0].elementsEqual(new[$1]) })
    else { return nil }
    let changed = zip(was.elements, now.elements).enumerated().compactMap {
      index, pair -> (index: Int, html: ArraySlice<UInt8>)? in
      old[pair.0].elementsEqual(new[pair.1]) ? nil : (index, new[pair.1])
    }
    return changed.count < now.elements.count ? (changed, now.elements.count) : nil
  }

  /// Where the top-level elements of a run of children lie, and the text between them.
  private static func elements(
    of run: ArraySlice<UInt8>
  )
    -> (elements: [Range<Int>], texts: [Range<Int>])?
  {
    var elements: [Range<Int>] = []
    var texts: [Range<Int>] = []
    var depth: [ArraySlice<UInt8>] = []
    var elementStart = run.startIndex
    var textStart = run.startIndex
    var index = run.startIndex
    while let next = run[index...].firstIndex(of: UInt8(ascii: "<")) {
      guard let tag = tag(in: run, at: next) else { return nil }
      if depth.isEmpty {
        guard !tag.closes else { return nil }
        texts.append(textStart..<tag.start)
        elementStart = tag.start
      }
      if tag.closes {
        guard let inner = depth.popLast(), inner.elementsEqual(tag.name) else { return nil }
      } else if !tag.isVoid {
        depth.append(tag.name)
      }
      if depth.isEmpty {
        elements.append(elementStart..<tag.end)
        textStart = tag.end
      }
      index = tag.end
    }
    guard depth.isEmpty else { return nil }
    texts.append(textStart..<run.endIndex)
    return (elements, texts)
  }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
  }
  fileprivate var isASCIILetterOrDigit: Bool {
    isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
  }
}
