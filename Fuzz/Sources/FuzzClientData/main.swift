// Client data JSON (MVVMWebPasskeys' own reader) on any bytes, against Foundation's
// JSONSerialization: what ours reads, Foundation must read too, to the same type, challenge and
// origin (ours refuses more: duplicate members, lone surrogates, deep nesting).
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
  // Foundation does not take a byte order mark.
  let json = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
  guard
    let object = try? JSONSerialization.jsonObject(with: Data(json), options: [.fragmentsAllowed]),
    let members = object as? [String: Any]
  else {
    fail("ours read an object Foundation does not: \(String(decoding: input, as: UTF8.self))")
  }
  check(members["type"] as? String == clientData.type, "type differs")
  check(members["challenge"] as? String == clientData.challenge, "challenge differs")
  check(members["origin"] as? String == clientData.origin, "origin differs")
  return 0
}

runFuzzer(fuzz)
