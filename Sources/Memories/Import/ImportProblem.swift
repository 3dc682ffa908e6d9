/// A record the import refused: which file, which record (counting from 1) and why.
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var index: Int
  public var reason: String

  public var description: String { "\(file) record \(index): \(reason)" }
}
