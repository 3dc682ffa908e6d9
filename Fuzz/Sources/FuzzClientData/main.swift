// Client data JSON (MVVMWebPasskeys' own reader) on any bytes, against Foundation's JSONDecoder:
// what ours reads, Foundation must read too, to the same type, challenge and origin (ours refuses
// more: duplicate members, lone surrogates, deep nesting). Not JSONSerialization: on Linux it
// drops a U+FEFF that starts a string, which JSON keeps (found by this target).
import Foundation
import FuzzSupport

@testable import MVVMWebPasskeys

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let clientData: ClientData
  do {
    clientData = try ClientData(json: input)
  } catch {
    if case .malformedClientData(let offset, _) = error {
      check((0...input.count).contains(offset), "offset \(offset) outside the input")
    }
    return 0
  }
  // Foundation does not take a byte order mark before the object.
  let json = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
  guard let members = try? JSONDecoder().decode(Members.self, from: Data(json)) else {
    fail("ours read an object Foundation does not: \(String(decoding: input, as: UTF8.self))")
  }
  check(members.type == clientData.type, "type differs")
  check(members.challenge == clientData.challenge, "challenge differs")
  check(members.origin == clientData.origin, "origin differs")
  return 0
}

/// The members every client data has, as Foundation reads them.
struct Members: Decodable {
  var type: String
  var challenge: String
  var origin: String
}

runFuzzer(fuzz)
