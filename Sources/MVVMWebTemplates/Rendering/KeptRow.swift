import MVVMWebViewModels

/// A row's markup as its `Unchanging` item keeps it, in one of its `KeptRenderings` blocks: this
/// header, which says what the row was written under, then the base path's bytes when the
/// markup holds the base path, then the markup.
package struct KeptRow {
  /// The repeat that wrote it (`RenderPlan.Instruction.part`).
  package var part: UInt32
  /// The item's parity when the repeat writes it; 0 otherwise.
  package var parity: UInt8
  /// Whether the markup holds a destination printed by the printer of key `printer`.
  package var usesPrinter: Bool
  package var printer: UInt64
  /// Whether the markup holds the base path (a root-relative link), whose bytes follow.
  package var usesBasePath: Bool
  package var basePathCount: Int
  package var byteCount: Int

  /// Where the base path's bytes begin in a block's contents.
  private static let headerSize = MemoryLayout<KeptRow>.stride

  /// The row kept in `contents`, when it was written by `part` at `parity` under conditions
  /// this rendering shares (the printer of key `printer`, the base path `basePath`), and the
  /// markup; nil otherwise.
  @inline(__always)
  static func markup(
    in contents: UnsafeRawPointer, part: UInt32, parity: UInt8, printer: UInt64?,
    basePath: UnsafeBufferPointer<UInt8>
  ) -> (row: KeptRow, bytes: UnsafeBufferPointer<UInt8>)? {
    let row = contents.load(as: KeptRow.self)
    guard row.part == part, row.parity == parity,
      !row.usesPrinter || row.printer == printer,
      !row.usesBasePath || row.basePath(in: contents).elementsEqual(basePath)
    else { return nil }
    let start = contents + headerSize + row.basePathCount
    return (
      row,
      UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: row.byteCount)
    )
  }

  /// Keeps `bytes`, written by `part` at `parity`, in `kept`, with the printer's key when the
  /// markup holds a printed destination and the base path when it holds that.
  static func keep(
    _ bytes: UnsafeBufferPointer<UInt8>, in kept: KeptRenderings, part: UInt32, parity: UInt8,
    printer: UInt64?, basePath: UnsafeBufferPointer<UInt8>?
  ) {
    let row = KeptRow(
      part: part, parity: parity, usesPrinter: printer != nil, printer: printer ?? 0,
      usesBasePath: basePath != nil, basePathCount: basePath?.count ?? 0, byteCount: bytes.count)
    let (size, overflowed) = headerSize.addingReportingOverflow(row.basePathCount + row.byteCount)
    guard !overflowed else { return }
    _ = kept.keep(size: size) { contents in
      contents.storeBytes(of: row, as: KeptRow.self)
      let target = (contents + headerSize).assumingMemoryBound(to: UInt8.self)
      if let basePath, let source = basePath.baseAddress {
        target.update(from: source, count: basePath.count)
      }
      if let source = bytes.baseAddress {
        (target + row.basePathCount).update(from: source, count: bytes.count)
      }
    }
  }

  /// The base path's bytes in the block whose contents are at `contents`.
  private func basePath(in contents: UnsafeRawPointer) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: (contents + Self.headerSize).assumingMemoryBound(to: UInt8.self),
      count: basePathCount)
  }

  /// The rows `kept` holds, newest first, with their markup: for tests.
  package static func all(in kept: KeptRenderings) -> [(row: KeptRow, markup: [UInt8])] {
    var rows: [(row: KeptRow, markup: [UInt8])] = []
    _ = kept.first { contents in
      let row = contents.load(as: KeptRow.self)
      let start = contents + headerSize + row.basePathCount
      rows.append((row, Array(UnsafeRawBufferPointer(start: start, count: row.byteCount))))
      return false
    }
    return rows
  }
}
