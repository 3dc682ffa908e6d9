/// One step of a compiled template: static bytes, or a slot filled from the view model's outputs.
/// A page is a flat list of these; nested lists for repeats, conditions and objects.
indirect enum RenderOp: Sendable {
  /// Bytes written as they are: markup and already-escaped static text.
  case bytes([UInt8])
  /// The base path (`/league`), before a root-relative URL.
  case basePath
  /// A text output, escaped.
  case text(String)
  /// A bound attribute value, escaped and, for URL attributes, scheme-checked. `prefix` is
  /// ` name="`; the closing quote is written after the value.
  case attribute(String, prefix: [UInt8], kind: AttributeKind)
  /// A boolean attribute (` checked`) written when the flag output is true.
  case booleanAttribute(String, bytes: [UInt8])
  case condition(String, negated: Bool, [RenderOp])
  case repeatEach(String, [RenderOp])
  case object(String, [RenderOp])
  /// An element with a static `id` in the page's own scope: rendered in place as usual, and on its
  /// own by `CompiledTemplate.renderElement(id:…)` when only it changed (live updates).
  case fragment(String, [RenderOp])
}

enum AttributeKind: Sendable {
  case text
  case url
  case srcset
}
