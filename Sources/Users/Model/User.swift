import Foundation

/// A person of the user list.
public struct User: Sendable, Equatable, Identifiable {
  public var id: Int
  /// "Dr.", "Ms."…, or nil.
  public var salutation: String?
  public var firstName: String
  public var lastName: String
  public var birthdate: Date

  public init(id: Int, salutation: String?, firstName: String, lastName: String, birthdate: Date) {
    self.id = id
    self.salutation = salutation
    self.firstName = firstName
    self.lastName = lastName
    self.birthdate = birthdate
  }
}
