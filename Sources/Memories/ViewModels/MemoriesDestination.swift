import MVVMWebViewModels

/// The places of the memories a link can lead to; the web layer's route table gives each its
/// address.
public enum MemoriesDestination: Destination {
  case today
  case issue(IssueKey)
  /// An item's place in its issue's page (the issue, scrolled to the item).
  case itemInIssue(IssueKey, itemID: String)
  /// One of an item's detail pages.
  case detail(IssueKey, itemID: String, Presentable)
  /// An image file of the media folder.
  case media(String)
}
