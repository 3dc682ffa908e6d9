import Foundation
import MVVMWebViewModels

/// A row PostgreSQL returned to `PostgresAccountStore`, as text, read column by column: a value
/// that is missing or malformed throws `UnreadableAccountRow`, never traps.
struct AccountRow {
  let values: [String?]
  /// The table the row came from, for error messages.
  let table: String

  init(_ values: [String?], of table: String) {
    self.values = values
    self.table = table
  }

  func optionalText(_ index: Int) throws -> String? {
    guard values.indices.contains(index) else { throw unreadable(index) }
    return values[index]
  }

  func text(_ index: Int) throws -> String {
    guard let value = try optionalText(index) else { throw unreadable(index) }
    return value
  }

  func uuid(_ index: Int) throws -> UUID {
    guard let id = UUID(text: try text(index)) else { throw unreadable(index) }
    return id
  }

  func date(_ index: Int) throws -> Date {
    guard let seconds = Double(try text(index)), let date = Date(storedSeconds: seconds) else {
      throw unreadable(index)
    }
    return date
  }

  func bool(_ index: Int) throws -> Bool {
    switch try text(index) {
    case "t": return true
    case "f": return false
    default: throw unreadable(index)
    }
  }

  /// A `BYTEA` in PostgreSQL's hex output (`\x0a1b…`).
  func bytes(_ index: Int) throws -> [UInt8] {
    let text = Array(try text(index).utf8)
    guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"),
      text.count.isMultiple(of: 2)
    else { throw unreadable(index) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 2 - 1)
    var position = 2
    while position < text.count {
      guard let high = Self.hexValue(text[position]), let low = Self.hexValue(text[position + 1])
      else { throw unreadable(index) }
      bytes.append(high << 4 | low)
      position += 2
    }
    return bytes
  }

  func tokenHash(_ index: Int) throws -> TokenHash {
    guard let hash = TokenHash(stored: try bytes(index)) else { throw unreadable(index) }
    return hash
  }

  private func unreadable(_ index: Int) -> UnreadableAccountRow {
    UnreadableAccountRow(table: table, column: "column \(index + 1)")
  }

  private static func hexValue(_ unit: UInt8) -> UInt8? {
    switch unit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): unit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): unit - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
