/// Content types for the file extensions a web app ships.
enum MediaType {
  static func forExtension(_ pathExtension: String) -> String {
    switch pathExtension.lowercased() {
    case "html", "htm": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js", "mjs": "application/javascript; charset=utf-8"
    case "json": "application/json"
    case "webmanifest": "application/manifest+json"
    case "txt": "text/plain; charset=utf-8"
    case "xml": "application/xml"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "avif": "image/avif"
    case "ico": "image/x-icon"
    case "woff2": "font/woff2"
    case "woff": "font/woff"
    case "mp4": "video/mp4"
    case "webm": "video/webm"
    case "pdf": "application/pdf"
    default: "application/octet-stream"
    }
  }
}
