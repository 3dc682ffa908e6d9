// COSE keys (MVVMWebPasskeys) on any bytes: a key that reads has the numbers its algorithm
// needs, and reads the same from the same bytes.
import FuzzSupport

@testable import MVVMWebPasskeys

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  guard let key = try? COSEKey(bytes: input) else { return 0 }
  switch (key.algorithm, key.material) {
  case (.es256, .p256(let x, let y)):
    check(x.count == 32 && y.count == 32, "a P-256 point of \(x.count) and \(y.count) bytes")
  case (.eddsa, .ed25519(let x)):
    check(x.count == 32, "an Ed25519 key of \(x.count) bytes")
  case (.rs256, .rsa(let n, let e)):
    check(n.count <= 513 && (1...8).contains(e.count), "an RSA key of \(n.count), \(e.count)")
  default:
    fail("\(key.algorithm) with another algorithm's numbers")
  }
  check((try? COSEKey(bytes: input)) == key, "the same bytes read as another key")
  return 0
}

runFuzzer(fuzz)
