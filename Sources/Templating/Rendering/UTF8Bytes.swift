/// Calls `body` with a string's UTF-8 bytes: a native string lends its storage (a short one is
/// copied onto the stack), and only a bridged one is made native first.
@inline(__always)
func withUTF8Bytes<Result>(
  of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
  if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = string
  return copy.withUTF8(body)
}
