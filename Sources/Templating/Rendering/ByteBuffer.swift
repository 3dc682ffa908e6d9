/// The page being written: one growable block of memory that static chunks are copied into with
/// `memcpy` and escaped text is written into directly, handed over as an array once at the end.
/// Appending to an `Array` byte run by byte run cost more than the rest of rendering.
///
/// The renderer owns it for one rendering and calls `finish` exactly once.
struct ByteBuffer {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 256)
    base = .allocate(capacity: self.capacity)
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    let length = bytes.count
    let end = reserve(length)
    if length <= 16 {
      Self.copySmall(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(end), length)
    } else {
      end.update(from: source, count: length)
    }
    count += length
  }

  /// Copies 1 to 16 bytes as two possibly overlapping words: a page is mostly such short runs
  /// (a tag, a quote, a short value), and calling `memcpy` for each cost more than the copy.
  @inline(__always)
  private static func copySmall(
    from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, _ length: Int
  ) {
    if length >= 8 {
      target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
        toByteOffset: length - 8, as: UInt64.self)
    } else if length >= 4 {
      target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self),
        toByteOffset: length - 4, as: UInt32.self)
    } else {
      for offset in 0..<length {
        target.storeBytes(
          of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset,
          as: UInt8.self)
      }
    }
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  mutating func append(_ byte: UInt8) {
    reserve(1).pointee = byte
    count += 1
  }

  /// Room for at least `extra` more bytes; returns where they go. Write them, then `advance`.
  mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
    if count + extra > capacity {
      let grown = max(capacity * 2, count + extra)
      let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
      moved.update(from: base, count: count)
      base.deallocate()
      base = moved
      capacity = grown
    }
    return base + count
  }

  /// Counts `written` bytes put where `reserve` pointed.
  mutating func advance(by written: Int) {
    count += written
  }

  /// Appends everything to `array` and frees the block; the buffer is not used again.
  mutating func finish(into array: inout [UInt8]) {
    array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    base.deallocate()
    capacity = 0
    count = 0
  }
}
