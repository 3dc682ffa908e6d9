/// One row of TechEmpower's Fortunes data set: a number and a saying.
public struct Fortune: Sendable, Equatable {
  public var id: Int
  public var message: String

  public init(id: Int, message: String) {
    self.id = id
    self.message = message
  }
}
