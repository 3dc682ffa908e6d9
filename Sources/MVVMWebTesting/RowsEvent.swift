import Foundation

/// A `rows` event applied to a page as `live.js`'s `applyRows` applies it, step for step: the
/// live element's keyed rows (`data-key`, not those of a live element inside it) found by key,
/// each operation done in order on the same nodes, and the markup around the rows changed in
/// part (`around`, `child`) or made to match (`outside`). Where the script would give up (it
/// returns false, and the page opens its stream again from nothing) this throws a
/// `TestFailure` that says which operation did not fit and why.
///
/// The operations are MVVMWeb's `LiveRows`: `["add", key, after, html]`,
/// `["move", key, after]`, `["set", key, html]`, `["drop", key]`,
/// `["around", level, part, html]`, `["child", level, part, index, count, html]` and
/// `["outside", before, after]`.
struct RowsEvent {
  /// The live element.
  private let element: DOMNode
  /// The rows' parent, as the event began.
  private let container: DOMNode
  private var byKey: [String: DOMNode] = [:]
  /// What the failures name: the element's id, and the operation being applied.
  private let id: String
  private var current = ""

  /// Applies the event's `data` (the element's id, a line feed, the operations as JSON) to the
  /// page under `document`. An element the page does not have is no failure: the script
  /// leaves such an event alone too.
  static func apply(_ data: String, to document: DOMNode) throws {
    let (id, json) = split(data)
    guard !id.isEmpty, let element = document.element(id: id) else { return }
    guard case .array(let operations)? = try? JSONDecoder().decode(JSON.self, from: Data(json.utf8))
    else { throw misfit(id, "its operations are not a JSON array") }
    let rows = rows(of: element)
    guard let parent = rows.first?.parent else { throw misfit(id, "#\(id) has no keyed rows") }
    var event = RowsEvent(element: element, container: parent, id: id)
    for row in rows { event.byKey[row["data-key"] ?? ""] = row }
    for (index, operation) in operations.enumerated() {
      event.current = "operation \(index + 1), \(summary(operation))"
      try event.apply(operation)
    }
  }

  /// The element's keyed rows in document order: those whose nearest live element is it.
  static func rows(of element: DOMNode) -> [DOMNode] {
    element.descendants.filter { row in
      row["data-key"] != nil && row.closest { $0["data-live"] != nil } === element
    }
  }

  /// An event's data: the element's id on its first line, the rest after it.
  static func split(_ data: String) -> (id: String, rest: String) {
    guard let cut = data.utf8.firstIndex(of: UInt8(ascii: "\n")) else { return ("", "") }
    return (String(data[..<cut]), String(data[data.utf8.index(after: cut)...]))
  }

  private mutating func apply(_ operation: JSON) throws {
    guard case .array(let op) = operation, case .string(let name)? = op.first else {
      throw misfit("it is not an array that starts with the operation's name")
    }
    switch name {
    case "add":
      let key = try string(op, 1)
      let row = try parsedRow(op, 3)
      guard byKey[key] == nil else { throw misfit("a row with the key “\(key)” is there already") }
      try place(row, after: try optionalString(op, 2))
      byKey[key] = row
    case "move":
      let key = try string(op, 1)
      guard let row = byKey[key] else { throw misfit("no row has the key “\(key)”") }
      try place(row, after: try optionalString(op, 2))
    case "set":
      let key = try string(op, 1)
      let row = try parsedRow(op, 2)
      guard let old = byKey[key] else { throw misfit("no row has the key “\(key)”") }
      old.replace(with: row)
      byKey[key] = row
    case "drop":
      let key = try string(op, 1)
      guard let row = byKey[key] else { throw misfit("no row has the key “\(key)”") }
      row.remove()
      byKey[key] = nil
    case "around":
      try around(level: try integer(op, 1), part: try string(op, 2), html: try string(op, 3))
    case "child":
      try child(
        level: try integer(op, 1), part: try string(op, 2), index: try integer(op, 3),
        count: try integer(op, 4), html: try string(op, 5))
    case "outside":
      try outside(before: try string(op, 1), after: try string(op, 2))
    default:
      throw misfit("live.js knows no such operation")
    }
  }

  /// Puts `row` after the row keyed `after`, or before the first row when it is nil.
  private func place(_ row: DOMNode, after: String?) throws {
    guard let after else {
      let first = Self.rows(of: element).first
      if first === row { return }
      try insert(row, before: first)
      return
    }
    guard let previous = byKey[after], previous.parent === container else {
      throw misfit("no row keyed “\(after)” is among the rows to place it after")
    }
    if previous.nextSibling !== row { try insert(row, before: previous.nextSibling) }
  }

  private func insert(_ row: DOMNode, before reference: DOMNode?) throws {
    do {
      try container.insert(row, before: reference)
    } catch {
      throw misfit("the first row is not among the others (the script stops with an error here)")
    }
  }

  // MARK: The markup around the rows

  /// The element at `level` on the path from the live element (0) down to the rows' parent:
  /// its start tag (`tag`) or its children before or after the next element on the path
  /// (`before`, `after`), replaced by `html`.
  private func around(level: Int, part: String, html: String) throws {
    let path = self.path
    guard path.indices.contains(level) else {
      throw misfit("there is no level \(level) on the path to the rows (\(path.count) levels)")
    }
    let target = path[level]
    if part == "tag" {
      // The new start tag's attributes, read on a `div` so any element's tag reads alike.
      let rest = String(html.utf16.dropFirst(1 + (target.name ?? "").utf16.count)) ?? ""
      guard let fresh = DOMNode.fragment("<div" + rest + "</div>").firstElementChild else {
        throw misfit("its start tag reads as no element")
      }
      Self.copyAttributes(from: fresh, to: target)
      return
    }
    let run = try self.run(path, level, part)
    try Self.replaceRun(
      of: target, run.nodes, with: DOMNode.fragment(html).children, before: run.next)
  }

  /// Element `index` of the run's `count` elements replaced by `html`, the rest of the run (its
  /// other elements, the text between them) left as it is.
  private func child(level: Int, part: String, index: Int, count: Int, html: String) throws {
    let path = self.path
    guard path.indices.contains(level) else {
      throw misfit("there is no level \(level) on the path to the rows (\(path.count) levels)")
    }
    let elements = try run(path, level, part).nodes.filter(\.isElement)
    guard elements.count == count else {
      throw misfit("the run holds \(elements.count) element(s) on the page, not \(count)")
    }
    let context = DOMNode.fragment(html)
    guard elements.indices.contains(index) else { throw misfit("there is no element \(index)") }
    guard let fresh = context.firstElementChild, context.children.count == 1 else {
      throw misfit("its markup is not one element alone")
    }
    let old = elements[index]
    if !old.isEqual(to: fresh) { old.replace(with: fresh) }
  }

  /// The element made to match `before` + its rows + `after` along the path to the rows, which
  /// keep their nodes: what changed beside the path is replaced, what did not is left alone.
  private func outside(before: String, after: String) throws {
    let context = DOMNode.fragment(before + #"<template data-rows=""></template>"# + after)
    let next = context.firstElementChild
    let marker = next?.descendants.first { $0.name == "template" && $0["data-rows"] != nil }
    guard let next, let marker, next.id == element.id else {
      throw misfit("its markup is not the element #\(id) around the rows")
    }
    // Both paths from the rows' parent up to the element.
    let olds = Array(path.reversed())
    var nexts = [DOMNode]()
    var node = marker.parent
    while let current = node, current !== next {
      nexts.append(current)
      node = current.parent
    }
    nexts.append(next)
    guard olds.count == nexts.count, zip(olds, nexts).allSatisfy({ $0.name == $1.name }) else {
      throw misfit(
        "the page nests the rows in \(olds.reversed().compactMap(\.name).joined(separator: " > ")), "
          + "its markup in \(nexts.reversed().compactMap(\.name).joined(separator: " > "))")
    }
    for level in olds.indices.reversed() {
      let old = olds[level]
      let fresh = nexts[level]
      Self.copyAttributes(from: fresh, to: old)
      // The kept child: the next one on the path, or for the rows' parent its rows.
      let keptOld = level > 0 ? [olds[level - 1]] : Self.rows(of: element)
      let keptNext = level > 0 ? nexts[level - 1] : marker
      let oldChildren = old.children
      let nextChildren = fresh.children
      guard let firstKept = keptOld.first, let lastKept = keptOld.last,
        let first = old.index(of: firstKept), let last = old.index(of: lastKept),
        let at = fresh.index(of: keptNext)
      else { throw misfit("the rows are not where the path to them leads") }
      try Self.replaceRun(
        of: old, Array(oldChildren[..<first]), with: Array(nextChildren[..<at]), before: firstKept)
      try Self.replaceRun(
        of: old, Array(oldChildren[(last + 1)...]), with: Array(nextChildren[(at + 1)...]),
        before: nil)
    }
  }

  /// The elements from the live element down to the rows' parent.
  private var path: [DOMNode] {
    var path: [DOMNode] = []
    var node: DOMNode? = container
    while let current = node, current !== element {
      path.insert(current, at: 0)
      node = current.parent
    }
    return [element] + path
  }

  /// The children of `path[level]` before or after the next element on the path (the rows,
  /// for the last), and the node the run ends before.
  private func run(
    _ path: [DOMNode], _ level: Int, _ part: String
  ) throws -> (nodes: [DOMNode], next: DOMNode?) {
    let target = path[level]
    let kept = level + 1 < path.count ? [path[level + 1]] : Self.rows(of: element)
    guard let firstKept = kept.first, let lastKept = kept.last,
      let first = target.index(of: firstKept), let last = target.index(of: lastKept)
    else { throw misfit("the element at level \(level) does not hold the path to the rows") }
    switch part {
    case "before": return (Array(target.children[..<first]), firstKept)
    case "after": return (Array(target.children[(last + 1)...]), nil)
    default: throw misfit("“\(part)” is neither “before” nor “after”")
    }
  }

  /// `olds` replaced by `nexts` before `reference`, unless they are the same markup already.
  private static func replaceRun(
    of parent: DOMNode, _ olds: [DOMNode], with nexts: [DOMNode], before reference: DOMNode?
  ) throws {
    if olds.count == nexts.count && zip(olds, nexts).allSatisfy({ $0.isEqual(to: $1) }) { return }
    for node in olds { node.remove() }
    for node in nexts { try parent.insert(node, before: reference) }
  }

  /// `target`'s attributes made `fresh`'s: each changed one set in its place, new ones after,
  /// and those `fresh` lacks removed.
  private static func copyAttributes(from fresh: DOMNode, to target: DOMNode) {
    for attribute in fresh.attributes where target[attribute.name] != attribute.value {
      target.setAttribute(attribute.name, attribute.value)
    }
    for attribute in target.attributes where fresh[attribute.name] == nil {
      target.removeAttribute(attribute.name)
    }
  }

  // MARK: Reading an operation

  private func string(_ op: [JSON], _ index: Int) throws -> String {
    guard index < op.count, case .string(let value) = op[index] else {
      throw misfit("its item \(index) is not a string")
    }
    return value
  }

  /// A row's key to place after: a string, or null for "first".
  private func optionalString(_ op: [JSON], _ index: Int) throws -> String? {
    if index < op.count, case .null = op[index] { return nil }
    return try string(op, index)
  }

  private func integer(_ op: [JSON], _ index: Int) throws -> Int {
    guard index < op.count, case .number(let number) = op[index], let value = Int(exactly: number)
    else { throw misfit("its item \(index) is not a whole number") }
    return value
  }

  /// The row the markup at `index` reads as: its first element, as the script takes it.
  private func parsedRow(_ op: [JSON], _ index: Int) throws -> DOMNode {
    guard let row = DOMNode.fragment(try string(op, index)).firstElementChild else {
      throw misfit("its markup reads as no element")
    }
    return row
  }

  private func misfit(_ why: String) -> TestFailure {
    Self.misfit(id, current + ": " + why)
  }

  private static func misfit(_ id: String, _ why: String) -> TestFailure {
    TestFailure(
      "The rows event for #\(id) does not fit the page (live.js would give up and reload the "
        + "element): \(why).")
  }

  /// An operation in a few words for a failure: its name and key, or its name and place.
  private static func summary(_ operation: JSON) -> String {
    guard case .array(let op) = operation else { return "not an array" }
    return op.prefix(3).map { part in
      switch part {
      case .string(let text): "“\(text.prefix(40))”"
      case .number(let number): Int(exactly: number).map(String.init) ?? "\(number)"
      case .null: "null"
      case .other: "…"
      case .array: "[…]"
      }
    }.joined(separator: " ")
  }

  /// A JSON value, as much of it as the operations use.
  enum JSON: Decodable {
    case null
    case number(Double)
    case string(String)
    case array([JSON])
    /// true, false or an object: nothing an operation holds.
    case other

    init(from decoder: any Decoder) throws {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let text = try? value.decode(String.self) {
        self = .string(text)
      } else if let items = try? value.decode([JSON].self) {
        self = .array(items)
      } else if (try? value.decode(Bool.self)) == nil, let number = try? value.decode(Double.self) {
        self = .number(number)
      } else {
        self = .other
      }
    }
  }
}
