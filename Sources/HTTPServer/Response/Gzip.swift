import CZlib

/// gzip compression through zlib, for response bodies.
enum Gzip {
  /// Compresses `bytes` in one go; nil if zlib fails (the caller then sends them uncompressed).
  static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
    // zlib counts in 32 bits: anything near 4 GiB is sent as it is.
    guard bytes.count < Int(UInt32.max) / 2 else { return nil }
    var stream = z_stream()
    // windowBits 15 + 16 asks zlib for a gzip header and trailer instead of a raw zlib stream.
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
    var input = bytes
    let status = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        stream.next_in = inputBuffer.baseAddress
        stream.avail_in = uInt(inputBuffer.count)
        stream.next_out = outputBuffer.baseAddress
        stream.avail_out = uInt(outputBuffer.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    output.removeSubrange(Int(stream.total_out)...)
    return output
  }

  /// Media types worth compressing: text, and the structured formats that are text underneath.
  static func isCompressible(contentType: String?) -> Bool {
    guard let type = contentType?.split(separator: ";").first?.trimmingSpaces.lowercased() else {
      return false
    }
    return type.hasPrefix("text/") || type == "application/json" || type == "image/svg+xml"
      || type == "application/javascript" || type == "application/xml"
      || type == "application/manifest+json"
  }

  /// Whether `Accept-Encoding` allows gzip (present, and not with `q=0`).
  static func isAccepted(by headers: HTTPHeaders) -> Bool {
    for value in headers.values(for: "accept-encoding") {
      for item in value.split(separator: ",") {
        // `Accept-Encoding: ;` has an item with no coding at all: it names nothing, so skip it.
        let parts = item.split(separator: ";")
        guard let coding = parts.first?.trimmingSpaces.lowercased() else { continue }
        guard coding == "gzip" || coding == "*" else { continue }
        let refused = parts.dropFirst().contains { parameter in
          let pair = parameter.trimmingSpaces.lowercased()
          return pair.hasPrefix("q=") && (Double(pair.dropFirst(2)) ?? 1) == 0
        }
        return !refused
      }
    }
    return false
  }
}
