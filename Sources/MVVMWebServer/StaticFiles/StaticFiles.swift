import Foundation
import Synchronization

/// Serves the files of one folder (the app's `Public/`, or the memories' media) with validators
/// and caching: strong `ETag`, `Last-Modified`, 304s, a single byte range, and a gzip body made
/// once per file and kept. A path that would leave the folder, by `..`, an encoded slash or NUL,
/// or a symlink pointing outside, is a 404 and nothing outside is read.
public final class StaticFiles: Sendable {
  private struct CachedFile {
    var file: StaticFile
    var modified: Int
    var inode: UInt64
    var size: Int
  }

  /// The folder served, with symlinks resolved: nothing outside it is read.
  public let root: String
  private let cacheControl: String
  private let cache = Mutex<[String: CachedFile]>([:])

  /// `root` must be an existing folder. `cacheControl` is sent with every file
  /// (`public, max-age=31536000, immutable` suits content-addressed media).
  public init(root: String, cacheControl: String = "public, max-age=3600") throws(HTTPError) {
    guard let resolved = Self.realPath(root) else {
      throw HTTPError(.internalServerError, "The static folder \(root) does not exist.")
    }
    self.root = resolved
    self.cacheControl = cacheControl
  }

  /// Answers a GET or HEAD for the file at `segments` (already percent-decoded) below the root.
  public func respond(to request: Request, segments: some Collection<String>) -> Response {
    guard let relative = Self.safeRelativePath(segments), let file = load(relative) else {
      return .text("There is no file at this address.\n", status: .notFound)
    }
    return file.respond(to: request, cacheControl: cacheControl)
  }

  /// Joins decoded segments, refusing anything that could step out or hide: empty, `.`, `..`,
  /// dot-files, and segments holding a slash, backslash or NUL (they came from `%2f`, `%5c`, `%00`).
  static func safeRelativePath(_ segments: some Collection<String>) -> String? {
    guard !segments.isEmpty else { return nil }
    for segment in segments {
      guard !segment.isEmpty, !segment.hasPrefix("."),
        !segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
      else { return nil }
    }
    return segments.joined(separator: "/")
  }

  private func load(_ relative: String) -> StaticFile? {
    let path = root + "/" + relative
    // The resolved path must still be inside the root: a symlink may point anywhere.
    guard let resolved = Self.realPath(path), resolved.hasPrefix(root + "/") else { return nil }
    var info = stat()
    guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let modified = Int(info.st_mtim.tv_sec)
    let inode = UInt64(info.st_ino)
    let size = Int(info.st_size)
    if let cached = cache.withLock({ $0[relative] }), cached.modified == modified,
      cached.inode == inode, cached.size == size
    {
      return cached.file
    }
    guard let data = FileManager.default.contents(atPath: resolved) else { return nil }
    let bytes = [UInt8](data)
    let file = StaticFile(
      bytes: bytes, contentType: MediaType.forExtension((relative as NSString).pathExtension),
      modified: modified,
      etag:
        "\(String(modified, radix: 16))-\(String(bytes.count, radix: 16))-\(String(inode, radix: 16))"
    )
    cache.withLock {
      $0[relative] = CachedFile(file: file, modified: modified, inode: inode, size: bytes.count)
    }
    return file
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(validatingCString: resolved)
  }
}
