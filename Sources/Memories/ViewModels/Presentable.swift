/// A detail page an item can lead to, as Timehop's IssueViewController presents them; the
/// coordinator picks the page from this, and the raw value is the last part of its address.
public enum Presentable: String, Sendable, CaseIterable {
  case location, event, link, interactions
}
