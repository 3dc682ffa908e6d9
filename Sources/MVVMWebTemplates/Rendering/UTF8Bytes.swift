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

/// Calls `body` with the UTF-8 bytes of the string that lies at `string` (a view model's stored
/// output, valid for the whole rendering), borrowed where it lies, and returns true; returns
/// false, without a call, for a string that is not contiguous UTF-8, which the caller reads the
/// usual way. Through a copy, a long string would be retained and released around the call for
/// every value. `withUTF8` is mutating only so that it can make a string contiguous,
/// and leaves a contiguous one as it is: the memory is never written.
@inline(__always)
func withUTF8BytesInPlace(
  at string: UnsafePointer<String>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
) -> Bool {
  guard string.pointee.isContiguousUTF8 else { return false }
  UnsafeMutablePointer(mutating: string).pointee.withUTF8(body)
  return true
}
