/// Strong validators (RFC 9110 §8.8.3) for bodies made per request, and the `If-None-Match`
/// comparison shared with static files.
package enum EntityTag {
  /// A 64-bit hash of `body`, read eight bytes at a time (cheap next to the render it follows).
  static func hash(of body: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    body.withUnsafeBytes { bytes in
      var index = 0
      while index + 8 <= bytes.count {
        hash =
          (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          &* 0x0000_0100_0000_01b3
        hash ^= hash >> 29
        index += 8
      }
      while index < bytes.count {
        hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
        index += 1
      }
    }
    return hash ^ UInt64(body.count)
  }

  /// The strong tag of a body with this hash, with a suffix per content coding, since gzip is
  /// another representation.
  static func strong(hash: UInt64, gzip: Bool) -> String {
    "\"\(String(hash, radix: 36))\(gzip ? "-gz" : "")\""
  }

  /// Whether `If-None-Match` names `etag` (or `*`); a weak form of the same tag matches too, as
  /// RFC 9110 §13.1.2 asks for this header. Compared by byte, item by item, with no string made:
  /// a revalidation is meant to cost less than anything else the server answers.
  package static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
    // What a browser sends back: the one tag it was given.
    if ifNoneMatch == etag { return true }
    return etag.withHeaderBytes { matches(ifNoneMatch, tagBytes: $0) }
  }

  /// The tag a 304 carries when `ifNoneMatch` names `tag` (given as bytes, written on the stack
  /// by a caller that makes no string of it per request); nil when it does not. A client that
  /// sent the tag alone, as a browser does, gets its own string back: no string is made.
  package static func confirmed(
    _ ifNoneMatch: String, tagBytes tag: UnsafeBufferPointer<UInt8>
  )
    -> String?
  {
    if tag.sameBytes(as: ifNoneMatch.utf8) { return ifNoneMatch }
    return matches(ifNoneMatch, tagBytes: tag) ? String(decoding: tag, as: UTF8.self) : nil
  }

  private static func matches(
    _ ifNoneMatch: String, tagBytes tag: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    ifNoneMatch.containsHeaderItem { candidate in
      tag.sameBytes(as: candidate) || candidate.elementsEqual("*".utf8)
        || (candidate.starts(with: "W/".utf8) && tag.sameBytes(as: candidate.dropFirst(2)))
    }
  }
}
