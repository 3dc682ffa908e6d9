// The CBOR decoder of MVVMWebPasskeys on any bytes, whole and as a prefix, and the attestation
// object reader on the same bytes (CBOR, then authenticator data and its COSE key inside).
import FuzzSupport

@testable import MVVMWebPasskeys

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let whole: Result<CBORValue, CBORError> = Result { () throws(CBORError) in
    try CBORDecoder.decode(input[...])
  }
  let prefix = Result { () throws(CBORError) in try CBORDecoder.decodePrefix(input[...]) }
  switch (whole, prefix) {
  case (.success(let value), .success(let (first, end))):
    check(value == first && end == input.count, "the whole and the prefix disagree")
    // One byte more is one trailing byte, where the item ended.
    let longer = Result { () throws(CBORError) in try CBORDecoder.decode((input + [0])[...]) }
    check(
      longer.failure == CBORError(offset: input.count, problem: .trailingBytes(1)),
      "a trailing byte was not refused at the end: \(longer)")
  case (.failure(let error), .success(let (_, end))):
    check(
      end < input.count
        && error == CBORError(offset: end, problem: .trailingBytes(input.count - end)),
      "the prefix decoded but the whole failed with \(error)")
  case (.failure(let error), .failure(let prefixError)):
    check(error == prefixError, "the whole and the prefix failed differently")
    check((0...input.count).contains(error.offset), "offset \(error.offset) outside the input")
  case (.success, .failure):
    fail("the whole decoded but its prefix did not")
  }
  if let object = try? AttestationObject(input) {
    // The authenticator data it holds reads the same on its own.
    let again = try? AuthenticatorData(object.authenticatorDataBytes)
    check(again?.flags == object.authenticatorData.flags, "authenticator data read differently")
  }
  return 0
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}

runFuzzer(fuzz)
