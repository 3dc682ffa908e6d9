import MVVMWebViewModels

/// One detail page of an item, as its issue's view model presents it (Timehop's presentable view
/// models): exactly one of location, event, link and interactions is present.
@Outputs
public struct MemoryDetailViewModel {
  public let source: String
  public let timeText: String
  public let dateText: String
  /// Back to the item in its issue.
  public let back: MemoriesDestination
  public let location: LocationViewModel?
  public let event: EventViewModel?
  public let link: LinkViewModel?
  public let interactions: InteractionsViewModel?

  init(item: UserContentViewModel, showing detail: Presentable, dateText: String) {
    source = item.source
    timeText = item.timeText
    self.dateText = dateText
    back = .itemInIssue(item.key, itemID: item.item.id)
    location = detail == .location ? item.location : nil
    event = detail == .event ? item.event : nil
    link = detail == .link ? item.link : nil
    interactions = detail == .interactions ? item.interactions : nil
  }
}
