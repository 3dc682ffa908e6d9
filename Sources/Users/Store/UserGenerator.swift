import Foundation

/// Fabricates users from a seed: the same seed always gives the same people, so pages and tests
/// are reproducible (a stand-in for the random-user API Timehop's sample calls).
public struct UserGenerator: Sendable {
  static let firstNames = [
    "Ada", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Farah", "Grace", "Hiro", "Imani", "Jonas", "Kiri",
    "Lena",
    "Mateo", "Nia", "Olu", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen",
    "Yara", "Zoë",
  ]
  static let lastNames = [
    "Okafor", "Lindqvist", "Moreau", "Tanaka", "Haddad", "O'Brien", "García", "Novak", "Kowalski",
    "Mensah",
    "Rossi", "Nguyen", "Fischer", "Ivanova", "Achebe", "Silva", "Dubois", "Kaur", "Jensen", "Abebe",
  ]
  static let salutations: [String?] = ["Dr.", "Ms.", "Mr.", "Prof.", nil, nil, nil]

  public let seed: UInt64

  public init(seed: UInt64) {
    self.seed = seed
  }

  public func users(count: Int = 100) -> [User] {
    var state = seed
    func next() -> UInt64 {
      // SplitMix64: small, fast and good enough for fabricated names.
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
    // Birthdates from 1940-01-01 to 2005-12-31, at midnight UTC.
    let earliest = -946_771_200.0
    let days = 24_106.0
    return (1...count).map { id in
      User(
        id: id, salutation: Self.salutations[Int(next() % UInt64(Self.salutations.count))],
        firstName: Self.firstNames[Int(next() % UInt64(Self.firstNames.count))],
        lastName: Self.lastNames[Int(next() % UInt64(Self.lastNames.count))],
        birthdate: Date(timeIntervalSince1970: earliest + Double(next() % UInt64(days)) * 86_400))
    }
  }
}
