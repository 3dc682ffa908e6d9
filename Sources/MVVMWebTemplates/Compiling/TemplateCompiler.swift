import MVVMWebViewModels

/// Turns a loaded page into a render plan, checking every binding against the page view model's
/// output schema on the way and resolving it to a slot (scope depth and field number), so
/// rendering never looks a name up. Problems are collected, not thrown, so one load reports them
/// all.
///
/// Below the page's view model lies the site object (the layout's navigation): a name no scope
/// of the page has is looked up there. It takes a scope of its own only in a page that binds it.
///
/// Per element, bindings apply in this order: `m:mock` drops it; `m:repeat` repeats it (so the
/// other bindings see each item); `m:if`/`m:unless` keep or drop it; `m:object` changes the scope
/// for its subtree; `m:attr` and `m:text` fill it; `m:omit-tag` writes its content without the tag.
struct TemplateCompiler {
  static let bindings: Set<String> = [
    "text", "attr", "repeat", "if", "unless", "object", "mock", "omit-tag", "fill", "slot",
    "layout", "section", "live", "inputs", "key",
  ]

  /// What a binding names, resolved: where its value comes from and its kind.
  private struct Resolved {
    var slot: Slot
    var kind: OutputKind
  }

  /// The depth a slot of the site object has while the page compiles: the site becomes depth 0,
  /// below the page's, only once the page is known to bind it (see `bindsSite`).
  private static let siteDepth = -1

  private(set) var errors: [TemplateError] = []
  /// The schemas in scope, the page's first; repeat items also offer their position. `record`
  /// is the scope's entry in `bound`.
  private var scopes: [(schema: OutputSchema, isRepeatItem: Bool, record: Int)]
  private let site: OutputSchema
  /// Root-relative paths that are static files, not pages: written as text, they are fine.
  private let assetPrefixes: [String]
  /// Whether a binding of the page names an output of the site object.
  private(set) var bindsSite = false
  /// The outputs the page binds, by the schema they belong to: one entry per scope entered, the
  /// site's first, so the library can tell which outputs no template binds.
  private(set) var bound: [(schema: OutputSchema, names: Set<String>)]
  /// How many `m:if`/`m:unless` enclose the element being compiled.
  private var conditionDepth = 0
  /// The ids of the live elements so far, to refuse a second one with the same id.
  private var liveIDs: Set<String> = []
  /// Whether the element being compiled is inside a form with `m:inputs`.
  private var insideInputs = false
  /// The ids of the live elements inside each `m:inputs` form, forms in page order: the parts
  /// an input event of that form answers with, which the live hub leaves alone (they follow
  /// what one person types).
  private(set) var inputForms: [[String]] = []
  /// The named fields of the page's forms, for the check against the view model's inputs.
  private(set) var formFields: [FormFieldUse] = []
  /// The first element that makes the page live (`m:live` or `m:inputs`), where a page that
  /// lacks the live script is refused.
  private(set) var firstLivePart: (file: String, line: Int)?
  /// The `src` of every `<script>` the page writes as text.
  private(set) var scriptSources: Set<String> = []
  /// How many `<form>` elements enclose the element being compiled.
  private var formDepth = 0
  /// Whether the form being compiled sends itself with `method="post"`: its buttons'
  /// `formaction` then names a route that takes a form, not a link.
  private var formPosts = false
  /// How many `m:repeat` enclose the element being compiled.
  private var repeatDepth = 0
  /// Whether the element being compiled is inside an `m:live` element, and whether that live
  /// element already has its keyed repeat (one per live element: its rows are found by key).
  private var insideLive = false
  private var liveHasKey = false
  /// The key of the repeat whose element is being compiled (`m:key`), written by `tag` as the
  /// element's first attribute, `data-key`.
  private var pendingKey: Slot?

  init(
    schema: OutputSchema, site: OutputSchema = OutputSchema([]), assetPrefixes: [String] = []
  ) {
    self.site = site
    self.assetPrefixes = assetPrefixes
    bound = [(site, []), (schema, [])]
    scopes = [(schema, false, 1)]
  }

  /// The page's render plan. When it binds the site object (`bindsSite`), depth 0 is the site and
  /// the page's scopes start at 1; otherwise the page's start at 0, as without a site.
  mutating func compile(_ root: TemplateElement) -> [RenderOp] {
    var ops: [RenderOp] = root.name == "html" ? [.bytes(Array("<!DOCTYPE html>\n".utf8))] : []
    ops += element(root, insideRawText: false)
    if bindsSite { ops = ops.map { $0.deeper() } }
    return Self.merged(ops)
  }

  // MARK: Elements

  private mutating func element(_ element: TemplateElement, insideRawText: Bool) -> [RenderOp] {
    for attribute in element.attributes
    where attribute.isBinding && !Self.bindings.contains(attribute.name) {
      report(element, "unknown binding attribute m:\(attribute.name)")
    }
    if element.binding("mock") != nil { return [] }
    if element.binding("key") != nil && element.binding("repeat") == nil {
      report(element, "m:key names the key of a repeat's items: it belongs on an m:repeat element")
    }
    if insideRawText && element.attributes.contains(where: \.isBinding) {
      report(element, "bindings are not allowed inside <script> or <style>")
      return []
    }
    if let name = element.binding("repeat") {
      guard let resolved = lookup(name, element, expecting: "a list") else { return [] }
      guard case .list(let itemSchema) = resolved.kind else {
        report(
          element, "m:repeat=\"\(name)\" needs a list output, but \(name) is \(resolved.kind.name)")
        return []
      }
      enter(itemSchema, isRepeatItem: true)
      let outerRepeats = repeatDepth
      repeatDepth += 1
      defer {
        scopes.removeLast()
        repeatDepth -= 1
        pendingKey = nil
      }
      if let key = element.binding("key") {
        pendingKey = keySlot(key, of: name, itemSchema, element, outerRepeats: outerRepeats)
        if pendingKey != nil {
          return [.keyedRepeat(resolved.slot, conditioned(element, insideRawText: insideRawText))]
        }
      }
      return [.repeatEach(resolved.slot, conditioned(element, insideRawText: insideRawText))]
    }
    return conditioned(element, insideRawText: insideRawText)
  }

  private mutating func conditioned(_ element: TemplateElement, insideRawText: Bool) -> [RenderOp] {
    for (binding, negated) in [("if", false), ("unless", true)] {
      guard let name = element.binding(binding) else { continue }
      guard let slot = condition(name, element) else { return [] }
      conditionDepth += 1
      defer { conditionDepth -= 1 }
      return [.condition(slot, negated: negated, scoped(element, insideRawText: insideRawText))]
    }
    return scoped(element, insideRawText: insideRawText)
  }

  private mutating func scoped(_ element: TemplateElement, insideRawText: Bool) -> [RenderOp] {
    guard let name = element.binding("object") else {
      return tag(element, insideRawText: insideRawText)
    }
    guard let resolved = lookup(name, element, expecting: "an object") else { return [] }
    // An optional object renders its element only when it is there.
    guard case .object(let childSchema) = resolved.kind.unwrapped else {
      report(
        element, "m:object=\"\(name)\" needs an object output, but \(name) is \(resolved.kind.name)"
      )
      return []
    }
    enter(childSchema, isRepeatItem: false)
    defer { scopes.removeLast() }
    return [.object(resolved.slot, tag(element, insideRawText: insideRawText))]
  }

  private mutating func tag(_ element: TemplateElement, insideRawText: Bool) -> [RenderOp] {
    let rawText = insideRawText || HTMLVocabulary.rawTextElements.contains(element.name)
    let omitTag = element.binding("omit-tag") != nil
    var ops: [RenderOp] = []
    let marksInputs =
      element.binding("inputs") != nil && checkInputsForm(element, omitTag: omitTag)
    if firstLivePart == nil, element.binding("live") != nil || element.binding("inputs") != nil {
      firstLivePart = (element.file, element.line)
    }
    if element.name == "script",
      let source = element.attributes.first(where: { !$0.isBinding && $0.name == "src" })
    {
      scriptSources.insert(source.value)
    }
    if !omitTag {
      ops.append(.bytes(Array("<\(element.name)".utf8)))
      // A keyed repeat's item: its key first, where the live hub finds it in the rendered row.
      if let key = pendingKey {
        pendingKey = nil
        ops.append(.attribute(key, prefix: Array(" data-key=\"".utf8), kind: .text))
      }
      ops += attributes(element)
      // A form's live parts answer its input events, not the page's stream: no `data-live`, so
      // a page that only has them opens no stream.
      if element.binding("live") != nil && !insideInputs {
        ops.append(.bytes(Array(" data-live=\"\"".utf8)))
      }
      if marksInputs {
        // Numbered in the template, not by the browser: a form left out by `m:if` keeps the
        // others' numbers.
        inputForms.append([])
        ops.append(.bytes(Array(" data-inputs=\"\(inputForms.count)\"".utf8)))
      }
      ops.append(.bytes(Array(">".utf8)))
    }
    let wasInsideInputs = insideInputs
    if marksInputs { insideInputs = true }
    defer { insideInputs = wasInsideInputs }
    let isLive = element.binding("live") != nil
    let (wasInsideLive, hadKey) = (insideLive, liveHasKey)
    if isLive { (insideLive, liveHasKey) = (true, false) }
    defer { if isLive { (insideLive, liveHasKey) = (wasInsideLive, hadKey) } }
    let outerFormPosts = formPosts
    if element.name == "form" {
      formDepth += 1
      formPosts = Self.sendsByPost(element, method: "method", otherwise: false)
    }
    defer {
      if element.name == "form" {
        formDepth -= 1
        formPosts = outerFormPosts
      }
    }
    if formDepth > 0, let field = FormFieldUse(element, repeated: repeatDepth > 0) {
      formFields.append(field)
    }
    if HTMLVocabulary.voidElements.contains(element.name) {
      if element.binding("text") != nil {
        report(element, "<\(element.name)> has no content to bind text to")
      }
      return ops
    }
    if let name = element.binding("text") {
      if rawText {
        report(element, "bindings are not allowed inside <script> or <style>")
      } else if let resolved = lookup(name, element, expecting: "text") {
        let kind = resolved.kind.unwrapped
        if kind == .text || kind == .url {
          ops.append(.text(resolved.slot))
        } else {
          report(
            element, "m:text=\"\(name)\" needs a text output, but \(name) is \(resolved.kind.name)")
        }
      }
    } else {
      for child in element.children {
        switch child {
        case .text(let text):
          if rawText {
            ops.append(.bytes(Array(text.utf8)))
          } else {
            let preformatted = element.name == "pre" || element.name == "textarea"
            ops.append(
              .bytes(HTMLEscaping.escaped(preformatted ? text : Self.collapsingIndentation(text))))
          }
        case .element(let childElement):
          ops += self.element(childElement, insideRawText: rawText)
        }
      }
    }
    if !omitTag { ops.append(.bytes(Array("</\(element.name)>".utf8))) }
    if element.binding("live") != nil, let id = liveID(element, omitTag: omitTag) {
      if insideInputs, !inputForms.isEmpty { inputForms[inputForms.count - 1].append(id) }
      ops = [.fragment(id, ops)]
    }
    return Self.bindsLink(element) ? [.guarded(ops)] : ops
  }

  /// Whether `element` binds an attribute the browser follows or sends a form to: it is then
  /// left out for a viewer who may not use where it leads.
  private static func bindsLink(_ element: TemplateElement) -> Bool {
    guard let spec = element.binding("attr") else { return false }
    return spec.split(separator: ";").contains { item in
      let name = item.split(whereSeparator: \.isWhitespace).first?.lowercased()
      return name == "href" || name == "action" || name == "formaction"
    }
  }

  /// Whether `element` sends a form by `post`, by its attribute `method` (`method` on a form,
  /// `formmethod` on a button); `otherwise` when it has none.
  private static func sendsByPost(
    _ element: TemplateElement, method: String, otherwise: Bool
  ) -> Bool {
    guard let value = element.attributes.first(where: { !$0.isBinding && $0.name == method })
    else { return otherwise }
    return value.value.lowercased() == "post"
  }

  /// The slot of `m:key="key"` on `m:repeat="list"`, in the item's scope (entered already); nil,
  /// and a load error, when it cannot key the rows of a live element: it must be a text output
  /// of each item, on a repeat inside an `m:live` element and not inside another repeat, one per
  /// live element, on an element that keeps its tag (the key is its attribute).
  private mutating func keySlot(
    _ key: String, of list: String, _ itemSchema: OutputSchema, _ element: TemplateElement,
    outerRepeats: Int
  ) -> Slot? {
    guard insideLive else {
      report(
        element,
        "m:key=\"\(key)\" keys the rows of a live element: the m:repeat must be inside an m:live "
          + "element")
      return nil
    }
    guard outerRepeats == 0 else {
      report(element, "m:key=\"\(key)\" cannot key a repeat inside another m:repeat")
      return nil
    }
    guard !liveHasKey else {
      report(element, "an m:live element can have one keyed repeat (m:key), and this is a second")
      return nil
    }
    guard element.binding("omit-tag") == nil else {
      report(
        element, "m:key=\"\(key)\" is written as the element's data-key: it cannot have m:omit-tag")
      return nil
    }
    guard let index = itemSchema.index(of: key) else {
      report(
        element,
        "m:key=\"\(key)\": the items of \(list) have no output named \"\(key)\" (expected text)")
      return nil
    }
    let kind = itemSchema.fields[index].kind
    guard kind == .text else {
      report(element, "m:key=\"\(key)\" needs a text output, but \(key) is \(kind.name)")
      return nil
    }
    liveHasKey = true
    return lookup(key, element, expecting: "text")?.slot
  }

  /// `m:inputs` marks a form whose live elements answer input events: the browser posts the
  /// form's fields to its own action as the person types, so it must be a `<form>` that posts,
  /// and one such form cannot hold another.
  private mutating func checkInputsForm(_ element: TemplateElement, omitTag: Bool) -> Bool {
    let method = element.attributes.first { !$0.isBinding && $0.name == "method" }?.value
    guard element.name == "form", method?.lowercased() == "post", !omitTag else {
      report(
        element,
        "m:inputs belongs on a <form method=\"post\">: input events are the form's fields posted "
          + "to its action")
      return false
    }
    guard element.binding("live") == nil else {
      report(element, "an m:inputs form cannot itself be m:live: put m:live on the parts inside it")
      return false
    }
    guard !insideInputs else {
      report(element, "an m:inputs form cannot be inside another m:inputs form")
      return false
    }
    return true
  }

  /// The id of an `m:live` element, which is re-rendered on its own and swapped in by that id
  /// when its view model changes; nil (and a load error) when it cannot be.
  private mutating func liveID(_ element: TemplateElement, omitTag: Bool) -> String? {
    guard let id = element.attributes.first(where: { !$0.isBinding && $0.name == "id" })?.value,
      !id.isEmpty
    else {
      report(element, "an m:live element needs a fixed id attribute: the page swaps it in by id")
      return nil
    }
    guard scopes.count == 1, conditionDepth == 0, !omitTag else {
      report(
        element,
        "the m:live element \"\(id)\" is re-rendered on its own, so it cannot be inside or carry "
          + "m:repeat, m:object, m:if, m:unless or m:omit-tag: put those inside it")
      return nil
    }
    guard liveIDs.insert(id).inserted else {
      report(element, "two m:live elements have the id \"\(id)\"")
      return nil
    }
    return id
  }

  // MARK: Attributes

  /// The element's attributes in their order; a bound value takes the place of its sample value,
  /// and bound attributes the element does not have come after the others.
  private mutating func attributes(_ element: TemplateElement) -> [RenderOp] {
    let bound = boundAttributes(element)
    var ops: [RenderOp] = []
    for attribute in element.attributes where !attribute.isBinding {
      let bindings = bound.filter { $0.attribute == attribute.name }
      if !bindings.isEmpty {
        for binding in bindings { ops += boundAttribute(binding, element) }
        continue
      }
      refuseAppAddress(attribute, element)
      if HTMLVocabulary.urlAttributes.contains(attribute.name)
        && URLSafety.isRootRelative(attribute.value)
      {
        ops.append(.bytes(Array(" \(attribute.name)=\"".utf8)))
        ops.append(.basePath)
        ops.append(.bytes(HTMLEscaping.escaped(attribute.value) + Array("\"".utf8)))
      } else {
        ops.append(
          .bytes(
            Array(" \(attribute.name)=\"".utf8) + HTMLEscaping.escaped(attribute.value)
              + Array("\"".utf8)))
      }
    }
    for binding in bound
    where !element.attributes.contains(where: { !$0.isBinding && $0.name == binding.attribute }) {
      ops += boundAttribute(binding, element)
    }
    return ops
  }

  /// A URL attribute written as text may not hold an address of the app (`/matches`): that is a
  /// destination's to print, so the route table stays the one place that knows it. Static files
  /// (under `assetPrefixes`), fragments, relative and web addresses are fine.
  private mutating func refuseAppAddress(
    _ attribute: TemplateElement.Attribute, _ element: TemplateElement
  ) {
    let isSourceSet = attribute.name == "srcset"
    guard isSourceSet || HTMLVocabulary.urlAttributes.contains(attribute.name) else { return }
    let urls = isSourceSet ? AppAddress.sourceSetURLs(attribute.value) : [attribute.value[...]]
    guard let url = urls.first(where: { AppAddress.isAppAddress($0, assets: assetPrefixes) }) else {
      return
    }
    report(
      element,
      "the link \"\(AppAddress.trimmed(url))\" is an address of the app written as text: bind it "
        + "to a destination output (m:attr=\"\(attribute.name) …\")")
  }

  /// One `m:attr` pair: its value from the output, checked for the attribute's kind.
  private mutating func boundAttribute(
    _ binding: (attribute: String, output: String), _ element: TemplateElement
  ) -> [RenderOp] {
    let (attribute, output) = binding
    if HTMLVocabulary.isForbiddenBindingTarget(attribute) {
      report(element, "binding the \(attribute) attribute is not allowed: it holds code or markup")
      return []
    }
    if HTMLVocabulary.booleanAttributes.contains(attribute) {
      guard let slot = flag(output, element) else { return [] }
      return [.booleanAttribute(slot, bytes: Array(" \(attribute)".utf8))]
    }
    if HTMLVocabulary.ariaStates.contains(attribute) {
      guard let slot = flag(output, element) else { return [] }
      return [.booleanAttribute(slot, bytes: Array(" \(attribute)=\"true\"".utf8))]
    }
    let isURL = HTMLVocabulary.urlAttributes.contains(attribute) || attribute == "srcset"
    guard let resolved = lookup(output, element, expecting: isURL ? "a URL" : "text") else {
      return []
    }
    let kind = resolved.kind.unwrapped
    if isURL && kind != .url {
      report(
        element,
        "the \(attribute) attribute needs a URL output, but \(output) is \(resolved.kind.name)")
      return []
    }
    if !isURL && kind != .text && kind != .url {
      report(
        element,
        "the \(attribute) attribute needs a text output, but \(output) is \(resolved.kind.name)")
      return []
    }
    let attributeKind: AttributeKind =
      switch attribute {
      case "srcset": .srcset
      case "action" where Self.sendsByPost(element, method: "method", otherwise: false),
        "formaction" where Self.sendsByPost(element, method: "formmethod", otherwise: formPosts):
        .action
      default: isURL ? .url : .text
      }
    let op = RenderOp.attribute(
      resolved.slot, prefix: Array(" \(attribute)=\"".utf8), kind: attributeKind)
    // An absent optional leaves the attribute out rather than writing it empty.
    return [resolved.kind.isOptional ? .condition(resolved.slot, negated: false, [op]) : op]
  }

  /// `m:attr="href link; title name"`: attribute names are fixed here, in the template, never
  /// taken from a value.
  private mutating func boundAttributes(
    _ element: TemplateElement
  ) -> [(attribute: String, output: String)] {
    guard let spec = element.binding("attr") else { return [] }
    var pairs: [(attribute: String, output: String)] = []
    for item in spec.split(separator: ";") {
      let words = item.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      guard words.count == 2, Self.isAttributeName(words[0]) else {
        report(
          element,
          "m:attr expects \"attribute output\" pairs separated by \";\", got \"\(item.trimmingCharacters())\""
        )
        continue
      }
      // Lower case, as the element's own attributes are read: `ONCLICK` is `onclick` to HTML,
      // and to every check here.
      pairs.append((words[0].lowercased(), String(words[1])))
    }
    return pairs
  }

  private static func isAttributeName(_ name: Substring) -> Bool {
    guard let first = name.first, first.isASCII, first.isLetter else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
  }

  // MARK: Schema lookups

  private mutating func enter(_ schema: OutputSchema, isRepeatItem: Bool) {
    scopes.append((schema, isRepeatItem, bound.count))
    bound.append((schema, []))
  }

  /// The innermost scope that has the name wins, so a repeat item's `name` hides the page's, and
  /// the page's hides the site object's; a repeat item's own outputs come before its position
  /// (`index`, `first`…).
  private mutating func lookup(
    _ name: String, _ element: TemplateElement, expecting: String
  ) -> Resolved? {
    for depth in scopes.indices.reversed() {
      if let index = scopes[depth].schema.index(of: name) {
        let field = scopes[depth].schema.fields[index]
        bound[scopes[depth].record].names.insert(name)
        return Resolved(
          slot: Slot(depth: depth, source: .output(index), storage: field.storage), kind: field.kind
        )
      }
      if scopes[depth].isRepeatItem, let position = RepeatPosition(name: name) {
        return Resolved(slot: Slot(depth: depth, source: .position(position)), kind: position.kind)
      }
    }
    if let index = site.index(of: name) {
      let field = site.fields[index]
      bindsSite = true
      bound[0].names.insert(name)
      return Resolved(
        slot: Slot(depth: Self.siteDepth, source: .output(index), storage: field.storage),
        kind: field.kind)
    }
    report(element, "the view model has no output named \"\(name)\" (expected \(expecting))")
    return nil
  }

  /// A flag, for boolean attributes.
  /// A flag, or an optional (on when present), for an attribute that is written or left out.
  private mutating func flag(_ name: String, _ element: TemplateElement) -> Slot? {
    guard let resolved = lookup(name, element, expecting: "a flag") else { return nil }
    guard resolved.kind == .flag || resolved.kind.isOptional else {
      report(
        element,
        "\(name) is \(resolved.kind.name), but only a flag or an optional can switch an attribute")
      return nil
    }
    return resolved.slot
  }

  /// A flag or an optional, for `m:if` and `m:unless` (an optional counts as true when present).
  private mutating func condition(_ name: String, _ element: TemplateElement) -> Slot? {
    guard let resolved = lookup(name, element, expecting: "a flag") else { return nil }
    guard resolved.kind == .flag || resolved.kind.isOptional else {
      report(
        element,
        "\(name) is \(resolved.kind.name), but only a flag or an optional can keep or drop something"
      )
      return nil
    }
    return resolved.slot
  }

  private mutating func report(_ element: TemplateElement, _ message: String) {
    errors.append(TemplateError(file: element.file, line: element.line, message: message))
  }

  /// Template indentation (a run of whitespace holding a line break) becomes one line break: the
  /// browser renders it the same, and a 100-row table no longer repeats its indentation 100 times.
  static func collapsingIndentation(_ text: String) -> String {
    var result = ""
    var pending = ""
    for character in text {
      if character == " " || character == "\t" || character == "\n" || character == "\r" {
        pending.append(character)
        continue
      }
      if !pending.isEmpty {
        result += pending.contains("\n") ? "\n" : pending
        pending = ""
      }
      result.append(character)
    }
    if !pending.isEmpty { result += pending.contains("\n") ? "\n" : pending }
    return result
  }

  /// Joins neighbouring static byte runs so rendering appends fewer, larger chunks.
  static func merged(_ ops: [RenderOp]) -> [RenderOp] {
    var result: [RenderOp] = []
    for op in ops {
      let op = op.mergingChildren()
      if case .bytes(let next) = op, case .bytes(let previous)? = result.last {
        result[result.count - 1] = .bytes(previous + next)
      } else {
        result.append(op)
      }
    }
    return result
  }
}

extension RenderOp {
  /// The op with every slot one scope deeper: the site object's (`siteDepth`) at 0, below the
  /// page's.
  fileprivate func deeper() -> RenderOp {
    func deeper(_ slot: Slot) -> Slot {
      var slot = slot
      slot.depth += 1
      return slot
    }
    switch self {
    case .bytes, .basePath: return self
    case .text(let slot): return .text(deeper(slot))
    case .attribute(let slot, let prefix, let kind):
      return .attribute(deeper(slot), prefix: prefix, kind: kind)
    case .booleanAttribute(let slot, let bytes):
      return .booleanAttribute(deeper(slot), bytes: bytes)
    case .condition(let slot, let negated, let body):
      return .condition(deeper(slot), negated: negated, body.map { $0.deeper() })
    case .repeatEach(let slot, let body): return .repeatEach(deeper(slot), body.map { $0.deeper() })
    case .keyedRepeat(let slot, let body):
      return .keyedRepeat(deeper(slot), body.map { $0.deeper() })
    case .object(let slot, let body): return .object(deeper(slot), body.map { $0.deeper() })
    case .fragment(let id, let body): return .fragment(id, body.map { $0.deeper() })
    case .guarded(let body): return .guarded(body.map { $0.deeper() })
    }
  }

  fileprivate func mergingChildren() -> RenderOp {
    switch self {
    case .condition(let slot, let negated, let body):
      .condition(slot, negated: negated, TemplateCompiler.merged(body))
    case .repeatEach(let slot, let body): .repeatEach(slot, TemplateCompiler.merged(body))
    case .keyedRepeat(let slot, let body): .keyedRepeat(slot, TemplateCompiler.merged(body))
    case .object(let slot, let body): .object(slot, TemplateCompiler.merged(body))
    case .fragment(let id, let body): .fragment(id, TemplateCompiler.merged(body))
    case .guarded(let body): .guarded(TemplateCompiler.merged(body))
    default: self
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> Substring {
    var text = self
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
