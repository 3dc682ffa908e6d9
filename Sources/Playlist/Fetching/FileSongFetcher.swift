import Foundation

/// Reads the playlist from a JSON file (`mvvmweb serve --songs PATH`).
public struct FileSongFetcher: SongFetching {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public func fetch() throws(PlaylistError) -> [UInt8] {
    guard FileManager.default.fileExists(atPath: path) else {
      throw PlaylistError("the file \(path) does not exist")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PlaylistError("the file \(path) cannot be read")
    }
    return [UInt8](data)
  }

  public func version() -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return "missing"
    }
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(modified)-\(attributes[.size] ?? 0)"
  }
}
