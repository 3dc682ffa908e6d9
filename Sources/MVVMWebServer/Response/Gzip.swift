import CMVVMWebZlib
import Synchronization

/// gzip compression through zlib, for response bodies.
enum Gzip {
  /// Streams kept for reuse, per compression level: setting up zlib's state (its tables and
  /// window, some 256 KiB) for every page cost more than compressing the page.
  private static let idle = Mutex<[Int32: [Deflater]]>([:])

  /// Compresses `bytes` in one go; nil if zlib fails (the caller then sends them uncompressed).
  static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
    // zlib counts in 32 bits: anything near 4 GiB is sent as it is.
    guard bytes.count < Int(UInt32.max) / 2 else { return nil }
    guard let deflater = idle.withLock({ $0[level]?.popLast() }) ?? Deflater(level: level) else {
      return nil
    }
    defer {
      idle.withLock { idle in
        if idle[level, default: []].count < 16 { idle[level, default: []].append(deflater) }
      }
    }
    return deflater.compress(bytes)
  }

  /// Media types worth compressing: text, and the structured formats that are text underneath.
  static func isCompressible(contentType: String?) -> Bool {
    guard let contentType else { return false }
    return compressibleTypes.contains { HTTPHeaders.mediaType(of: contentType, is: $0) }
  }

  private static let compressibleTypes = [
    "text/", "application/json", "image/svg+xml", "application/javascript", "application/xml",
    "application/manifest+json",
  ]

  /// Whether `Accept-Encoding` allows gzip (present, and not with `q=0`).
  static func isAccepted(by headers: HTTPHeaders) -> Bool {
    for value in headers.values(for: "accept-encoding") {
      for item in value.split(byte: ",") {
        // `Accept-Encoding: ;` has an item with no coding at all: it names nothing, so skip it.
        let parts = item.split(byte: ";")
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

/// One zlib deflate stream, reset between bodies. zlib's state points back at the stream, so it
/// lives at a fixed heap address for its whole life.
///
/// `@unchecked Sendable`: a deflater is used by one caller at a time; `Gzip` hands it out from
/// behind a lock and takes it back after.
final class Deflater: @unchecked Sendable {
  private let stream: UnsafeMutablePointer<z_stream>

  init?(level: Int32) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // windowBits 15 + 16 asks zlib for a gzip header and trailer instead of a raw zlib stream.
    guard
      deflateInit2_(
        stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else {
      stream.deallocate()
      return nil
    }
  }

  deinit {
    deflateEnd(stream)
    stream.deallocate()
  }

  func compress(_ bytes: [UInt8]) -> [UInt8]? {
    guard deflateReset(stream) == Z_OK else { return nil }
    let bound = Int(deflateBound(stream, uLong(bytes.count)))
    var status = Z_STREAM_ERROR
    let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
      bytes.withUnsafeBufferPointer { input in
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = uInt(buffer.count)
        status = deflate(stream, Z_FINISH)
      }
      count = status == Z_STREAM_END ? Int(stream.pointee.total_out) : 0
    }
    return status == Z_STREAM_END ? output : nil
  }
}
