extension StringProtocol {
  /// Calls `body` with the string's UTF-8 bytes where they lie (a short string's are copied onto
  /// the stack; only a bridged string is copied whole). Header checks and lookups run several
  /// times per response, and a loop over a buffer costs a fraction of one over the view's indices.
  func withHeaderBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return ContiguousArray(utf8).withUnsafeBufferPointer(body)
  }

  /// Whether an item of this comma-separated header value, trimmed of spaces and tabs, passes
  /// `test`. Item by item over the value's bytes, with no array of items made: it runs for most
  /// responses (`Cache-Control`, `If-None-Match`).
  func containsHeaderItem(where test: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) -> Bool {
    withHeaderBytes { value in
      var rest = value[...]
      while true {
        let end = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
        if test(rest[..<end].trimmingSpaces) { return true }
        guard end < rest.endIndex else { return false }
        rest = rest[(end + 1)...]
      }
    }
  }
}
