import MVVMWebViewModels

/// One step of a compiled template: static bytes, or a slot filled from the view model's outputs.
/// A page is a flat list of these; nested lists for repeats, conditions and objects.
indirect enum RenderOp: Sendable {
  /// Bytes written as they are: markup and already-escaped static text.
  case bytes([UInt8])
  /// The base path (`/league`), before a root-relative URL.
  case basePath
  /// A text, number or URL output, escaped.
  case text(Slot)
  /// A bound attribute value, escaped and, for URL attributes, scheme-checked. `prefix` is
  /// ` name="`; the closing quote is written after the value.
  case attribute(Slot, prefix: [UInt8], kind: AttributeKind)
  /// A boolean attribute (` checked`) written when the flag output is true.
  case booleanAttribute(Slot, bytes: [UInt8])
  /// Kept when a flag is true or an optional is present (or the opposite, `negated`).
  case condition(Slot, negated: Bool, [RenderOp])
  case repeatEach(Slot, [RenderOp])
  /// A repeat with `m:key`: rendered like `repeatEach`, and a rendering of its live element on
  /// its own records where each item begins and ends (`KeyedRows`), so the live hub can send
  /// only the rows that changed. Each item's element carries its key as its first attribute,
  /// `data-key`.
  case keyedRepeat(Slot, [RenderOp])
  case object(Slot, [RenderOp])
  /// A live element (`m:live`, with a static `id`, in the page's own scope): rendered in place as
  /// usual, and on its own by `CompiledTemplate.renderElement(id:…)` to push it to open pages.
  case fragment(String, [RenderOp])
  /// An element with a bound link (`href`, `action`, `formaction`): left out, whole, when a
  /// destination printed in it leads to a route the viewer may not use (`LinkPrinter.refuses`),
  /// so nobody is shown a link or a button that would only refuse them.
  case guarded([RenderOp])
}

/// Where a binding's value comes from, fixed when the template loads: output number `field` of
/// the scope at `depth` (0 is the page's view model, or the site object in a page that binds it,
/// with the page's view model at 1; then each repeat item and object inside), or the position of
/// the repeat item at `depth`. An output that is a plain stored value also
/// says where it lies in its scope's instance, so rendering reads it there without a call.
struct Slot: Sendable, Equatable {
  enum Source: Sendable, Equatable {
    case output(Int)
    case position(RepeatPosition)
  }

  var depth: Int
  var source: Source
  var storage: OutputStorage? = nil
  /// For an output of a stored object that the plan reads as part of the scope holding the
  /// object (see `RenderPlan`): that object.
  var holder: Holder? = nil

  /// A stored object output: the scope that holds it (`depth`), its output number there, and
  /// where it lies in an instance of `root`.
  struct Holder: Sendable, Equatable {
    var depth: Int
    var field: Int
    var offset: Int
    var root: ObjectIdentifier
  }
}

/// What a repeat tells about each item's place in the list, for `index`, `first`, `parity`….
enum RepeatPosition: Int, Sendable, CaseIterable {
  case index, first, last, odd, even, parity

  init?(name: String) {
    switch name {
    case "index": self = .index
    case "first": self = .first
    case "last": self = .last
    case "odd": self = .odd
    case "even": self = .even
    case "parity": self = .parity
    default: return nil
    }
  }

  var kind: OutputKind { self == .index || self == .parity ? .text : .flag }
}

enum AttributeKind: Sendable {
  case text
  /// A URL the browser follows or loads (`href`, `src`): a GET.
  case url
  /// A URL a form sends itself to (`action`, `formaction` of a `post` form).
  case action
  case srcset
}
