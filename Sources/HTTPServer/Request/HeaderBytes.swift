extension StringProtocol {
  /// Calls `body` with the string's UTF-8 bytes where they lie (a short string's are copied onto
  /// the stack; only a bridged string is copied whole). Header checks and lookups run several
  /// times per response, and a loop over a buffer costs a fraction of one over the view's indices.
  func withHeaderBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return ContiguousArray(utf8).withUnsafeBufferPointer(body)
  }
}
