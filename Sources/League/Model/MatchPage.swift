/// One page of the matches, newest first, and how many matches there are in all, read together
/// so the page and its count agree.
public struct MatchPage: Sendable, Equatable {
  public var matches: [Match]
  public var totalCount: Int

  public init(matches: [Match], totalCount: Int) {
    self.matches = matches
    self.totalCount = totalCount
  }
}
