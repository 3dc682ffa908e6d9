import Foundation

/// Serves the files of one folder (the app's `Public/`, or the memories' media) with validators
/// and caching: strong `ETag`, `Last-Modified`, 304s, a single byte range, and a gzip body made
/// once per file and kept in a `FileCache` (its byte budget shared with the other folders given
/// the same cache). A path that would leave the folder, by `..`, an encoded slash or NUL, or a
/// symlink pointing outside, is a 404 and nothing outside is read.
public final class StaticFiles: Sendable {
  /// The folder served, with symlinks resolved: nothing outside it is read.
  public let root: String
  private let cacheControl: String
  private let cache: FileCache

  /// `root` must be an existing folder. `cacheControl` is sent with every file
  /// (`public, max-age=31536000, immutable` suits content-addressed media). The files read are
  /// kept in `cache`, a 64 MiB one of this folder's own unless another is given.
  public init(
    root: String, cacheControl: String = "public, max-age=3600", cache: FileCache = FileCache()
  ) throws(HTTPError) {
    guard let resolved = Self.realPath(root) else {
      throw HTTPError(
        .internalServerError,
        root.isEmpty
          ? "No static folder was found: pass the app's --public DIR."
          : "The static folder \(root) does not exist.")
    }
    self.root = resolved
    self.cacheControl = cacheControl
    self.cache = cache
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
    var info = stat()
    guard let resolved = Self.realPath(path), resolved.hasPrefix(root + "/"),
      stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG
    else {
      cache.forget(path)  // Removed, or no longer a file to serve: its bytes are not kept.
      return nil
    }
    let version = FileVersion(info)
    if let cached = cache.file(at: path, version: version) { return cached }
    guard let bytes = Self.contents(of: resolved, size: Int(info.st_size)) else { return nil }
    let modified = Int(info.st_mtim.tv_sec)
    let file = StaticFile(
      bytes: bytes, contentType: MediaType.forExtension((relative as NSString).pathExtension),
      modified: modified,
      // The nanoseconds too: a file rewritten within a second, to the same size, is another.
      etag: [
        modified, Int(info.st_mtim.tv_nsec), bytes.count, Int(truncatingIfNeeded: version.inode),
      ].map { String(UInt(bitPattern: $0), radix: 16) }.joined(separator: "-"))
    // Kept only if the file did not change while it was read: otherwise the next request reads
    // it again rather than serve a mix under the new version's name.
    var after = stat()
    if stat(resolved, &after) == 0, FileVersion(after) == version {
      cache.keep(file, at: path, version: version)
    }
    return file
  }

  /// The bytes of the file at `path`, `size` of them as `stat` said, read straight into the
  /// array that keeps them (through `Data` they were copied once more, a second file's worth of
  /// memory for each one read). A file that changed meanwhile is caught by its version.
  private static func contents(of path: String, size: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: max(0, size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return read(fd, base + filled, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return nil }
      if count == 0 { break }  // Cut short meanwhile: what it holds now.
      filled += count
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(validatingCString: resolved)
  }
}
