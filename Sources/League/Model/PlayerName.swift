import Foundation

/// The rules a player's name keeps, in the form and in every store: not blank, at most 50
/// characters as a person counts them and 200 bytes as they are stored, and none of the
/// characters that would let a name hide, or turn around, the text beside it on a page.
public enum PlayerName {
  /// Characters (Swift `Character`s, what a person sees as one): enough for any real name,
  /// and the tables' columns stay readable.
  public static let maxCharacters = 50
  /// UTF-8 bytes: four for each of 50 characters, so 50 characters of any script, or 50 emoji,
  /// fit. A character has no size limit of its own (a letter with 500,000 accents on it is one),
  /// so this is what bounds what is stored and sent with every page that shows the name.
  public static let maxBytes = 4 * maxCharacters

  /// The rule a name breaks.
  public enum Problem: Error, Equatable, Sendable {
    case blank
    case tooManyCharacters
    case tooManyBytes
    /// C0 and C1 controls and DEL: invisible, and they break lines and logs.
    case controlCharacter
    /// Bidirectional overrides, embeddings, isolates and marks: they reorder the text shown
    /// after the name (a rankings row, a match's sides).
    case directionCharacter
  }

  /// The first rule `name` breaks, or nil when it keeps them all. One pass over the name at
  /// most: characters are counted only up to one past the limit, so a megabyte of combining
  /// marks costs no more than reading it once.
  public static func problem(_ name: String) -> Problem? {
    guard !name.allSatisfy(\.isWhitespace) else { return .blank }
    guard name.prefix(maxCharacters + 1).count <= maxCharacters else { return .tooManyCharacters }
    guard name.utf8.count <= maxBytes else { return .tooManyBytes }
    for scalar in name.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F: return .controlCharacter
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .directionCharacter
      default: continue
      }
    }
    return nil
  }

  /// `text` without the white space (spaces, tabs, line and paragraph breaks) at either end,
  /// which a name never keeps. The same characters as Foundation's `.whitespacesAndNewlines`
  /// (Unicode's `White_Space`, and the zero-width space, which Foundation still counts), read as
  /// scalars in Swift rather than through `NSString`, which cost as much as the rest of an
  /// input event's checks.
  public static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar.value == 0x200B
  }

  /// What makes two names the same name, in every store: the key they share. Names that are
  /// canonically equivalent in Unicode (`é` written as one character or as `e` and an accent)
  /// and names that differ only in case, under full case folding (`Straße` and `STRASSE`,
  /// `ẞ` and `ss`, a final `ς` and `σ`), have one key: the Unicode standard's canonical caseless
  /// match (NFD, case fold, NFD), with no locale's special rules.
  public static func key(_ name: String) -> String {
    if let key = asciiKey(name) { return key }
    return name.decomposedStringWithCanonicalMapping.folding(
      options: .caseInsensitive, locale: nil
    ).decomposedStringWithCanonicalMapping
  }

  /// The key of an all-ASCII name, nil for any other: the name with `A` to `Z` in lowercase,
  /// which is what the three passes give for ASCII (no ASCII character decomposes, and case
  /// folding maps only those 26). The player form asks at every keystroke, and Foundation's
  /// passes cost a third of an input event's work.
  private static func asciiKey(_ name: String) -> String? {
    var name = name
    return name.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { key in
        for (index, byte) in bytes.enumerated() {
          key[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        return bytes.count
      }
    }
  }

  /// The players among `players` that share a name under `key`, in groups of two or more, each
  /// group and the groups in the order given: names a league kept from before the rule
  /// (a store's earlier one compared lowercase only), which its migration leaves both in place
  /// and the app reports at start.
  public static func sameNamed(_ players: [Player]) -> [[Player]] {
    var groups: [String: [Player]] = [:]
    var order: [String] = []
    for player in players {
      let key = key(player.name)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(player)
    }
    return order.compactMap { groups[$0] }.filter { $0.count > 1 }
  }

  /// The stored key of each of a league's players, in order: its `key`, except for a player whose
  /// name an earlier one in `names` shares, whose key is made unique with its id after a
  /// separator no name holds (a control character), so a league kept from before the rule loads
  /// and migrates whole; the name stays taken for new players by the first one's key.
  static func storedKeys(_ players: [(id: String, name: String)]) -> [String] {
    var seen: Set<String> = []
    return players.map { player in
      let key = key(player.name)
      return seen.insert(key).inserted ? key : key + "\u{1F}" + player.id
    }
  }

  /// Throws the store's refusal when `name` breaks a rule: the stores check what they are given
  /// too, whoever calls them.
  static func check(_ name: String) throws(LeagueStoreError) {
    guard problem(name) == nil else { throw .invalidName }
  }
}
