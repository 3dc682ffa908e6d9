import Foundation

/// Someone who plays in the league.
public struct Player: Sendable, Equatable, Hashable, Identifiable {
  public var id: UUID
  public var name: String

  public init(id: UUID = UUID(), name: String) {
    self.id = id
    self.name = name
  }
}
