import MVVMWebViewModels
import Testing

@Outputs
struct Song {
  var title: String
  var plays: Int
  var isFavourite: Bool
  var lyrics: String?
}

@Outputs
final class Album {
  let name: String
  let songs: [Song]
  let cover: Song?
  @OutputIgnored let secretNotes: String
  private let store: Int

  init(name: String, songs: [Song], cover: Song?) {
    self.name = name
    self.songs = songs
    self.cover = cover
    secretNotes = "x"
    store = 1
  }

  var isEmpty: Bool { songs.isEmpty }
}

@Outputs
struct Shelf {
  var label: String
  var song: Song
}

/// Records what a view model hands over for each output, as a renderer would receive it.
struct RecordingVisitor: OutputVisitor {
  var visited: [String] = []
  mutating func visitText(_ text: String) { visited.append("text \(text)") }
  mutating func visitNumber(_ number: Int) { visited.append("number \(number)") }
  mutating func visitFlag(_ flag: Bool) { visited.append("flag \(flag)") }
  mutating func visitLink(_ link: Link) { visited.append("link") }
  mutating func visitAbsent() { visited.append("absent") }
  mutating func visitList<Item: Outputs>(_ items: [Item]) {
    visited.append("list of \(items.count) \(Item.self)")
  }
  /// Where the last object was handed over.
  var objectAddress: UnsafeRawPointer?
  mutating func visitObject<Object: Outputs>(at object: UnsafePointer<Object>) {
    visited.append("object \(Object.self)")
    objectAddress = UnsafeRawPointer(object)
  }
}

@Suite struct OutputsTests {
  @Test func theSchemaIsTheDeclarationInOrder() {
    #expect(Album.outputSchema.fields.map(\.name) == ["name", "songs", "cover", "isEmpty"])
    #expect(
      Album.outputSchema.fields.map(\.kind) == [
        .text, .list(Song.outputSchema), .optional(.object(Song.outputSchema)), .flag,
      ])
    #expect(
      Song.outputSchema.fields.map(\.kind) == [.text, .text, .flag, .optional(.text)])
    #expect(Album.outputSchema.index(of: "isEmpty") == 3)
    #expect(Album.outputSchema.index(of: "secretNotes") == nil)
    #expect(Album.outputSchema.index(of: "store") == nil)
  }

  @Test func valuesByFieldNumberWithTheirTypes() {
    var song = Song(title: "Blue", plays: 12, isFavourite: true, lyrics: nil)
    var visitor = RecordingVisitor()
    withUnsafePointer(to: &song) { pointer in
      for field in 0..<5 { Song.visitOutput(field, of: pointer, with: &visitor) }
    }
    // Field 4 does not exist: nothing is visited for it.
    #expect(visitor.visited == ["text Blue", "number 12", "flag true", "absent"])
  }

  @Test func listsAndObjectsAreVisitedWithTheirTypes() {
    let song = Song(title: "A", plays: 1, isFavourite: false, lyrics: "la")
    var album = Album(name: "X", songs: [song, song], cover: song)
    var visitor = RecordingVisitor()
    withUnsafePointer(to: &album) { pointer in
      for field in 0..<4 { Album.visitOutput(field, of: pointer, with: &visitor) }
    }
    #expect(visitor.visited == ["text X", "list of 2 Song", "object Song", "flag false"])
    var bare = Album(name: "Y", songs: [], cover: nil)
    var none = RecordingVisitor()
    withUnsafePointer(to: &bare) { pointer in Album.visitOutput(2, of: pointer, with: &none) }
    #expect(none.visited == ["absent"])
  }

  /// A struct's stored object is handed over where it lies in the struct, not as a copy: shared
  /// rows are read on many threads at once, and copying them touched their reference counts.
  @Test func aStoredObjectIsHandedOverInPlace() throws {
    var shelf = Shelf(label: "L", song: Song(title: "S", plays: 2, isFavourite: false, lyrics: nil))
    var visitor = RecordingVisitor()
    let offset = try #require(MemoryLayout<Shelf>.offset(of: \.song))
    let expected = withUnsafePointer(to: &shelf) { pointer in
      Shelf.visitOutput(1, of: pointer, with: &visitor)
      return UnsafeRawPointer(pointer) + offset
    }
    #expect(visitor.visited == ["object Song"])
    #expect(visitor.objectAddress == expected)
  }

  /// A struct's stored plain values and objects say where they lie, so a renderer reads them
  /// there; computed outputs, optionals, lists and a class's properties do not.
  @Test func storedOutputsSayWhereTheyLie() {
    let song = Song.outputSchema.fields
    #expect(
      song.map { $0.storage?.offset } == [
        MemoryLayout<Song>.offset(of: \.title), MemoryLayout<Song>.offset(of: \.plays),
        MemoryLayout<Song>.offset(of: \.isFavourite), nil,
      ])
    #expect(song.map { $0.storage?.layout } == [.string, .number, .flag, nil])
    let shelf = Shelf.outputSchema.fields
    #expect(shelf.map { $0.storage?.offset } == [0, MemoryLayout<Shelf>.offset(of: \.song)])
    #expect(shelf.map { $0.storage?.layout } == [.string, .object(Song.self)])
    #expect(shelf[1].storage?.layout != .object(Album.self))
    #expect(Album.outputSchema.fields.allSatisfy { $0.storage == nil })
    #expect(
      ImageViewModel.outputSchema.fields.map { $0.storage?.layout } == [
        .link, .number, .number, .string, .string,
      ])
  }

  @Test func linksCompareByTarget() {
    #expect(Link(Asset("a.svg")) == Link(Asset("a.svg")))
    #expect(Link(Asset("a.svg")) != Link(Asset("b.svg")))
    #expect(Link.web("https://x.test") == .web("https://x.test"))
    #expect(Link.web("/static/a.svg") != Link(Asset("a.svg")))
  }
}
