/// What the compiler and renderer need to know about HTML5 itself.
enum HTMLVocabulary {
  /// Elements with no end tag and no content.
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
  ]

  /// Elements whose content is raw text: written unescaped, so never bound.
  static let rawTextElements: Set<String> = ["script", "style"]

  /// Attributes holding a URL: bound values must be URL outputs and pass the scheme check.
  static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "poster", "cite", "data", "background", "longdesc",
    "manifest", "icon", "ping", "codebase", "archive", "xmlns",
  ]

  /// Attributes that are present or absent: bound to a flag output.
  static let booleanAttributes: Set<String> = [
    "checked", "disabled", "selected", "required", "readonly", "hidden", "open", "multiple",
    "autofocus", "novalidate", "defer", "async", "inert", "formnovalidate", "reversed",
  ]

  /// ARIA states whose absence means false: bound to a flag (or an optional, true when present),
  /// they are written as `="true"` or left out.
  static let ariaStates: Set<String> = [
    "aria-invalid", "aria-hidden", "aria-disabled", "aria-required", "aria-busy",
  ]

  /// Attributes whose value is code or markup: a binding there could run script.
  static func isForbiddenBindingTarget(_ attribute: String) -> Bool {
    attribute == "style" || attribute == "srcdoc" || attribute.hasPrefix("on")
  }
}
