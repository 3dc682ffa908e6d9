/// The cost of an Argon2id hash: the memory it fills, the passes it makes over it and its lanes.
/// A stored hash carries its own (`$argon2id$v=19$m=19456,t=2,p=1$…`), so a hash made with other
/// parameters still verifies, and `PasswordHasher.needsRehash(_:)` tells when to upgrade it.
public struct Argon2Parameters: Sendable, Equatable {
  /// Memory in KiB (`m`).
  public var memoryKiB: UInt32
  /// Passes over the memory (`t`).
  public var iterations: UInt32
  /// Lanes (`p`); libargon2 runs one thread per lane.
  public var parallelism: UInt32

  /// Parameters of `memoryKiB` KiB, `iterations` passes and `parallelism` lanes.
  public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
    self.memoryKiB = memoryKiB
    self.iterations = iterations
    self.parallelism = parallelism
  }

  /// OWASP's password storage cheat sheet: m = 19 MiB, t = 2, p = 1.
  public static let owasp = Argon2Parameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

  /// Whether each of these is at most the one of `limits`.
  func within(_ limits: Argon2Parameters) -> Bool {
    memoryKiB <= limits.memoryKiB && iterations <= limits.iterations
      && parallelism <= limits.parallelism
  }

  /// The parameters an encoded Argon2id hash of version 19 says it was made with, or nil when
  /// `encoded` is not one: `$argon2id$v=19$m=M,t=T,p=P$salt$hash`. Numbers that do not fit a
  /// `UInt32` are refused, never trapped on; salt and hash are left to libargon2 to decode.
  init?(encoded: String) {
    let fields = encoded.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
    guard fields.count == 6, fields[0].isEmpty, fields[1].elementsEqual("argon2id".utf8),
      fields[2].elementsEqual("v=19".utf8), !fields[4].isEmpty, !fields[5].isEmpty
    else { return nil }
    let costs = fields[3].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard costs.count == 3,
      let memory = Self.number(costs[0], named: "m"),
      let iterations = Self.number(costs[1], named: "t"),
      let parallelism = Self.number(costs[2], named: "p")
    else { return nil }
    self.init(memoryKiB: memory, iterations: iterations, parallelism: parallelism)
  }

  /// The number of `name=N`, or nil. Digits only: `UInt32("+5")` would accept a sign.
  private static func number(_ field: Substring.UTF8View, named name: String) -> UInt32? {
    let prefix = Array((name + "=").utf8)
    guard field.starts(with: prefix) else { return nil }
    let digits = field.dropFirst(prefix.count)
    guard !digits.isEmpty, digits.count <= 10,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return UInt32(String(decoding: digits, as: UTF8.self))
  }
}
