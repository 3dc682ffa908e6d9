import MVVMWebTemplates

/// One live element of a page (`m:live` in its template) as rendered for the page's current view
/// model: its id and its HTML, exactly as the whole page would show it, and where the rows of its
/// keyed repeat (`m:key`) lie in that HTML, when it has one.
struct LiveElement: Sendable, Equatable {
  let id: String
  let html: [UInt8]
  var rows: KeyedRows? = nil
}
