import Foundation

/// Turns raw playlist data into songs (the sample's "song parsing" role).
public protocol SongParsing: Sendable {
  func parse(_ bytes: [UInt8]) throws(PlaylistError) -> [Song]
}

/// The sample's JSON format: `{"result": [{"title": …, "artist_name": …, "cover": …}]}`. One bad
/// record refuses the whole playlist, naming the record and what is wrong with it, so a broken
/// source is never shown as a playlist that merely looks short.
public struct JSONSongParser: SongParsing {
  public init() {}

  public func parse(_ bytes: [UInt8]) throws(PlaylistError) -> [Song] {
    guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
      throw PlaylistError("the file is empty")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes))
    } catch {
      throw PlaylistError("it is not valid JSON")
    }
    guard let records = (object as? [String: Any])?["result"] as? [Any] else {
      throw PlaylistError("there is no \"result\" list of songs")
    }
    var songs: [Song] = []
    songs.reserveCapacity(records.count)
    var problems: [String] = []
    for (index, record) in records.enumerated() {
      guard let fields = record as? [String: Any] else {
        problems.append("song \(index + 1) is not an object")
        continue
      }
      var values: [String] = []
      for key in ["title", "artist_name", "cover"] {
        switch fields[key] {
        case nil: problems.append("song \(index + 1): \"\(key)\" is missing")
        case let text as String: values.append(text)
        case is NSNumber:
          problems.append("song \(index + 1): \"\(key)\" is a number, expected text")
        default: problems.append("song \(index + 1): \"\(key)\" is not text")
        }
      }
      if values.count == 3 {
        songs.append(Song(title: values[0], artistName: values[1], coverURL: values[2]))
      }
    }
    guard problems.isEmpty else {
      let shown = problems.prefix(3).joined(separator: "; ")
      throw PlaylistError(problems.count > 3 ? "\(shown); and \(problems.count - 3) more" : shown)
    }
    return songs
  }
}
