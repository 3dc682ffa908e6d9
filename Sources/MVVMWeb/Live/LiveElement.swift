/// One live element of a page (`m:live` in its template) as rendered for the page's current view
/// model: its id and its HTML, exactly as the whole page would show it.
struct LiveElement: Sendable, Equatable {
  let id: String
  let html: [UInt8]
}
