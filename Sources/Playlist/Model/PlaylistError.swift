/// Why the playlist could not be loaded, in words for the page: "the file is empty",
/// "song 3: \"title\" is missing".
public struct PlaylistError: Error, Sendable, Equatable, CustomStringConvertible {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
