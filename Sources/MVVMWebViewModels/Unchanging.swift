/// An item of a list whose outputs never change once it is made: a song of a playlist loaded
/// once, a row of a report. A page writes such an item's markup on its first render and copies it
/// on the next ones, so its values are not escaped and formatted again on every request. The
/// rows of a page, in its tests:
///
/// ```swift
/// @Outputs struct Row: Equatable {
///   var name: String
///   var link: Link
/// }
///
/// @Outputs struct Page {
///   var title: String
///   var rows: [Unchanging<Row>]
/// }
/// ```
///
/// and the page, each row wrapped once:
///
/// ```swift
/// let model = Page(title: "One", rows: Self.rows.map { Unchanging($0) })
/// ```
///
/// The item is a constant (`let`): a changed row is a new `Unchanging`, which renders afresh.
/// Its outputs must be fixed by its stored values: a computed output that reads the clock or
/// shared state would be shown as it was first rendered. Make the items once and keep them (with
/// the data they show): items made again for every request are rendered every time, and pay for
/// keeping what is never reused. A template reads the item's outputs as if the list held the
/// items themselves, and so does Swift (`rows[0].name`), but for an output named `item`, which
/// is the wrapper's.
@dynamicMemberLookup
public struct Unchanging<Item: Outputs> {
  /// The item.
  public let item: Item
  /// What pages keep of the item's renderings; made with the item and shared by its copies.
  package let kept = KeptRenderings()

  /// `item`, whose markup pages may keep.
  public init(_ item: Item) {
    self.item = item
  }

  /// The item's property at `path`, read through the wrapper.
  public subscript<Value>(dynamicMember path: KeyPath<Item, Value>) -> Value {
    item[keyPath: path]
  }
}

extension Unchanging: Sendable where Item: Sendable {}

extension Unchanging: Equatable where Item: Equatable {
  /// Two are equal when their items are; what pages kept of them does not count.
  public static func == (left: Unchanging, right: Unchanging) -> Bool {
    left.item == right.item
  }
}
