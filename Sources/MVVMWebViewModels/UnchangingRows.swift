import Synchronization

/// A list's rows, made from what a store read and kept between reads, so a row whose source did
/// not change is neither made again nor, as the `Unchanging` item pages keep the markup of,
/// rendered again: a list read from a store each request then costs what a list loaded once
/// costs, and only its new or changed rows are made and written.
///
/// The league's matches keep theirs (`KeptRows` is `UnchangingRows<UUID, Match, Row>`):
///
/// ```swift
/// public static func makeKeptRows(editable: Bool) -> KeptRows {
///   KeptRows { match in Row(match: match, editable: editable) }
/// }
/// ```
///
/// and each read of a page takes its rows from them:
///
/// ```swift
/// rows = keptRows.rows(for: read.matches) { $0.id }
/// ```
///
/// A source is matched to the row made from it by its key, and the row is reused only while
/// the source is equal to the one it was made from. Make one per list and keep it as long as the
/// list's page (a coordinator holds it); at most `capacity` rows are kept, and reading more
/// starts the keeping over.
public final class UnchangingRows<
  Key: Hashable & Sendable, Source: Equatable & Sendable, Row: Outputs & Sendable
>: Sendable {
  @usableFromInline
  struct Kept: Sendable {
    @usableFromInline var source: Source
    @usableFromInline var row: Unchanging<Row>

    @usableFromInline
    init(source: Source, row: Unchanging<Row>) {
      self.source = source
      self.row = row
    }
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var byKey: [Key: Kept] = [:]
    /// The last list asked for and its rows: a list asked for again unchanged (the same page
    /// between two writes) is answered with them, without looking a row up.
    @usableFromInline var lastSources: [Source] = []
    @usableFromInline var lastRows: [Unchanging<Row>] = []

    @usableFromInline
    init() {}
  }

  @usableFromInline let make: @Sendable (Source) -> Row
  @usableFromInline let capacity: Int
  @usableFromInline let state = Mutex(State())

  /// Rows made by `make`, at most `capacity` of them kept.
  public init(capacity: Int = 1_000, make: @escaping @Sendable (Source) -> Row) {
    self.make = make
    self.capacity = max(1, capacity)
  }

  /// A row for each of `sources`, in their order: the one kept for its key when it was made
  /// from an equal source, or a new one, kept. Inlinable, so that it is specialized for the
  /// app's types where it is called: unspecialized, copying and comparing sources through their
  /// generic witnesses cost more than rendering the rows.
  @inlinable
  public func rows(for sources: [Source], key: (Source) -> Key) -> [Unchanging<Row>] {
    state.withLock { state in
      if sources == state.lastSources { return state.lastRows }
      if state.byKey.count + sources.count > capacity {
        state.byKey.removeAll(keepingCapacity: true)
      }
      var rows: [Unchanging<Row>] = []
      rows.reserveCapacity(sources.count)
      for source in sources {
        let key = key(source)
        if let found = state.byKey[key], found.source == source {
          rows.append(found.row)
        } else {
          let row = Unchanging(make(source))
          state.byKey[key] = Kept(source: source, row: row)
          rows.append(row)
        }
      }
      state.lastSources = sources
      state.lastRows = rows
      return rows
    }
  }
}
