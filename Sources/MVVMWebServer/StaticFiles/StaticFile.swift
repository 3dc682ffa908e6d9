/// One file ready to serve: its bytes, its validators, and a gzip body made once when the type
/// is worth compressing. `StaticFiles` makes one per file it reads from its folder; a file held
/// in memory, such as one compiled into the binary, is served through one too.
package struct StaticFile: Sendable {
  let bytes: [UInt8]
  let gzipped: [UInt8]?
  /// Seconds since 1970 of the last change, for `Last-Modified`; nil for a file held in
  /// memory, which its `ETag` alone validates.
  let modified: Int?
  let etag: String
  let contentType: String

  init(bytes: [UInt8], contentType: String, modified: Int?, etag: String) {
    self.bytes = bytes
    let compressible = bytes.count > 1024 && Gzip.isCompressible(contentType: contentType)
    gzipped = compressible ? Gzip.compress(bytes, level: 9) : nil
    self.contentType = contentType
    self.modified = modified
    self.etag = etag
  }

  /// The bytes it holds: the file's, and its gzip body's.
  var byteCount: Int { bytes.count + (gzipped?.count ?? 0) }

  /// A file held in memory. Its `ETag` is a hash of its bytes, so a new build with other bytes
  /// is fetched again.
  package init(bytes: [UInt8], contentType: String) {
    // FNV-1a, 64 bits: a validator, not a defence, so any stable spread of the bytes will do.
    let hash = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    self.init(
      bytes: bytes, contentType: contentType, modified: nil, etag: String(hash, radix: 16))
  }

  /// Answers a GET or HEAD for the file: a 304 when the browser's copy is current, a single
  /// byte range when asked (not of the gzip body), and gzip when the browser takes it.
  package func respond(to request: Request, cacheControl: String) -> Response {
    var headers: HTTPHeaders = [
      "Content-Type": contentType, "Cache-Control": cacheControl, "Accept-Ranges": "bytes",
    ]
    if let modified { headers.add("Last-Modified", HTTPDate.format(Double(modified))) }
    if gzipped != nil { headers.add("Vary", "Accept-Encoding") }
    let useGzip = gzipped != nil && Gzip.isAccepted(by: request.headers)
    let etag = useGzip ? "\"\(etag)-gz\"" : "\"\(etag)\""
    headers.add("ETag", etag)

    if let match = request.headers["if-none-match"] {
      if EntityTag.matches(match, etag) { return Response(status: .notModified, headers: headers) }
    } else if let modified,
      let since = request.headers["if-modified-since"].flatMap(HTTPDate.parse),
      modified <= since
    {
      return Response(status: .notModified, headers: headers)
    }

    if let range = request.headers["range"], !useGzip,
      request.headers["if-range"].map({ $0 == etag }) ?? true
    {
      switch ByteRange.parse(range, size: bytes.count) {
      case .satisfiable(let bounds):
        headers.add(
          "Content-Range", "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(bytes.count)")
        return Response(
          status: .partialContent, headers: headers, body: .bytes(Array(bytes[bounds])))
      case .unsatisfiable:
        var response = Response.text(
          "The requested range is outside the file.\n", status: .rangeNotSatisfiable)
        response.headers.add("Content-Range", "bytes */\(bytes.count)")
        return response
      case .ignored:
        break
      }
    }
    if useGzip, let gzipped {
      headers.add("Content-Encoding", "gzip")
      return Response(status: .ok, headers: headers, body: .bytes(gzipped))
    }
    return Response(status: .ok, headers: headers, body: .bytes(bytes))
  }
}
