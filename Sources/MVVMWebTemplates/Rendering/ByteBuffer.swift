/// The page being written: one growable block of memory that markup and escaped text are written
/// into directly, often as whole blocks reserved ahead and counted only as far as they go.
/// Appending to an `Array` byte run by byte run cost more than the rest of rendering.
///
/// A page is written straight into the uninitialised capacity of the array that becomes the
/// response body (`init(lending:)`), so a page that fits is never copied; one that outgrows it
/// moves to memory of the buffer's own, which `finish` hands over and frees.
struct ByteBuffer {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0
  /// False while the bytes are in storage the caller lent, which this buffer must not free.
  private(set) var ownsStorage: Bool

  init(capacity: Int) {
    let capacity = max(capacity, 256)
    self.init(base: .allocate(capacity: capacity), capacity: capacity, ownsStorage: true)
  }

  /// Writes into `storage` until it is full, then moves to memory of its own.
  init(lending storage: UnsafeMutableBufferPointer<UInt8>) {
    if let lent = storage.baseAddress, storage.count > 0 {
      self.init(base: lent, capacity: storage.count, ownsStorage: false)
    } else {
      self.init(capacity: 0)
    }
  }

  private init(base: UnsafeMutablePointer<UInt8>, capacity: Int, ownsStorage: Bool) {
    self.base = base
    self.capacity = capacity
    self.ownsStorage = ownsStorage
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    let length = bytes.count
    let end = reserve(length)
    if length <= 16 {
      Self.copySmall(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(end), length)
    } else {
      end.update(from: source, count: length)
    }
    count &+= length  // Reserved above: within the capacity.
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
    advance(by: 1)
  }

  /// Room for at least `extra` more bytes; returns where they go. Write them, then `advance`.
  @inline(__always)
  mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
    // `capacity - count` is never negative, so the test cannot overflow for any `extra`.
    if extra > capacity &- count { grow(toHold: extra) }
    return base + count
  }

  /// Moves to a block twice as large, or large enough for `extra` more bytes.
  @inline(never)
  private mutating func grow(toHold extra: Int) {
    let grown = max(capacity * 2, count + extra)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.update(from: base, count: count)
    if ownsStorage { base.deallocate() }
    base = moved
    ownsStorage = true
    capacity = grown
  }

  /// Counts `written` bytes put where `reserve` pointed: no more than were reserved, so the
  /// count stays within the capacity and the sum cannot overflow.
  @inline(__always)
  mutating func advance(by written: Int) {
    count &+= written
  }

  /// Forgets the bytes written from `count` on (an element left out after it was written);
  /// nothing when fewer were written.
  mutating func truncate(to count: Int) {
    if count >= 0 && count < self.count { self.count = count }
  }

  /// The bytes written in `range`, valid until the next write; nil when it is not within them.
  func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
    guard range.lowerBound >= 0 && range.upperBound <= count else { return nil }
    return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
  }

  /// Appends everything to `array` and frees the buffer's own block; the buffer is not used again.
  mutating func finish(into array: inout [UInt8]) {
    array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    if ownsStorage { base.deallocate() }
    capacity = 0
    count = 0
  }
}
