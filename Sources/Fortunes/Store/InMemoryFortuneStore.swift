/// Fortunes kept in memory, for view-model tests: TechEmpower's twelve unless told otherwise.
public struct InMemoryFortuneStore: FortuneStore {
  private let rows: [Fortune]

  public init(_ rows: [Fortune] = FortuneSeed.rows) {
    self.rows = rows
  }

  public func fortunes() throws -> [Fortune] {
    rows
  }
}
