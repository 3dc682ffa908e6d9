import MVVMWebServer

/// The browser's half of live pages and live inputs (`live.js` beside this file), compiled
/// into the framework and served by every site at `path`: a layout includes it with
/// `<script src="/static/mvvmweb/live.js" defer="defer"></script>`, and an app copies nothing.
public enum LiveScript {
  /// Where every site serves the script: under `/static/`, so a base path and the content
  /// security policy treat it like the app's own files, in a folder of the framework's own.
  public static let path = "/static/mvvmweb/live.js"

  static let file = StaticFile(
    bytes: PackageResources.live_js, contentType: "text/javascript; charset=utf-8")

  /// Answers a GET or HEAD for the script, cached like the public folder's files.
  static func respond(to request: Request) -> Response {
    file.respond(to: request, cacheControl: "public, max-age=3600")
  }
}
