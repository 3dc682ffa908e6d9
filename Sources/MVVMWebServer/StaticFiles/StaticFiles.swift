import Foundation
import Synchronization

/// Serves the files of one folder (the app's `Public/`, or the memories' media) with validators
/// and caching: strong `ETag`, `Last-Modified`, 304s, a single byte range, and a gzip body made
/// once per file and kept. A path that would leave the folder, by `..`, an encoded slash or NUL,
/// or a symlink pointing outside, is a 404 and nothing outside is read.
public final class StaticFiles: Sendable {
  private struct CachedFile {
    var bytes: [UInt8]
    var gzipped: [UInt8]?
    var modified: Int
    var inode: UInt64
    var etag: String
    var contentType: String
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
    var headers: HTTPHeaders = [
      "Content-Type": file.contentType, "Cache-Control": cacheControl,
      "Last-Modified": HTTPDate.format(Double(file.modified)), "Accept-Ranges": "bytes",
    ]
    let compressible = file.gzipped != nil
    if compressible { headers.add("Vary", "Accept-Encoding") }
    let useGzip = compressible && Gzip.isAccepted(by: request.headers)
    let etag = useGzip ? "\"\(file.etag)-gz\"" : "\"\(file.etag)\""
    headers.add("ETag", etag)

    if let match = request.headers["if-none-match"] {
      if EntityTag.matches(match, etag) { return Response(status: .notModified, headers: headers) }
    } else if let since = request.headers["if-modified-since"].flatMap(HTTPDate.parse),
      file.modified <= since
    {
      return Response(status: .notModified, headers: headers)
    }

    if let range = request.headers["range"], !useGzip,
      request.headers["if-range"].map({ $0 == etag }) ?? true
    {
      switch ByteRange.parse(range, size: file.bytes.count) {
      case .satisfiable(let bounds):
        headers.add(
          "Content-Range", "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(file.bytes.count)"
        )
        return Response(
          status: .partialContent, headers: headers, body: .bytes(Array(file.bytes[bounds])))
      case .unsatisfiable:
        var response = Response.text(
          "The requested range is outside the file.\n", status: .rangeNotSatisfiable)
        response.headers.add("Content-Range", "bytes */\(file.bytes.count)")
        return response
      case .ignored:
        break
      }
    }
    if useGzip, let gzipped = file.gzipped {
      headers.add("Content-Encoding", "gzip")
      return Response(status: .ok, headers: headers, body: .bytes(gzipped))
    }
    return Response(status: .ok, headers: headers, body: .bytes(file.bytes))
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

  private func load(_ relative: String) -> CachedFile? {
    let path = root + "/" + relative
    // The resolved path must still be inside the root: a symlink may point anywhere.
    guard let resolved = Self.realPath(path), resolved.hasPrefix(root + "/") else { return nil }
    var info = stat()
    guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let modified = Int(info.st_mtim.tv_sec)
    let inode = UInt64(info.st_ino)
    if let cached = cache.withLock({ $0[relative] }), cached.modified == modified,
      cached.inode == inode, cached.bytes.count == Int(info.st_size)
    {
      return cached
    }
    guard let data = FileManager.default.contents(atPath: resolved) else { return nil }
    let bytes = [UInt8](data)
    let contentType = MediaType.forExtension((relative as NSString).pathExtension)
    let compressible = bytes.count > 1024 && Gzip.isCompressible(contentType: contentType)
    let file = CachedFile(
      bytes: bytes, gzipped: compressible ? Gzip.compress(bytes, level: 9) : nil,
      modified: modified, inode: inode,
      etag:
        "\(String(modified, radix: 16))-\(String(bytes.count, radix: 16))-\(String(inode, radix: 16))",
      contentType: contentType)
    cache.withLock { $0[relative] = file }
    return file
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(validatingCString: resolved)
  }
}
