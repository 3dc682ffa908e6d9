import MVVMWebServer
import MVVMWebTemplates

/// `serve --dev`: what broke, shown in the browser. A self-contained page, not a template, since
/// the templates may be what is broken. Every text from the error or the request is escaped.
enum DeveloperErrorPage {
  /// A handler threw something that is not an `HTTPError`.
  static func failure(_ error: any Error, route: String, request: Request) -> Response {
    page(
      title: "The handler for \(route) failed",
      sections: [
        ("Request", "\(request.method) \(request.target)"),
        ("Route", route),
        ("Error", String(describing: error)),
      ])
  }

  /// The templates do not load: every problem, as `file:line: message`.
  static func templates(_ errors: TemplateErrors, directory: String) -> Response {
    page(
      title: "The templates have \(errors.errors.count) problem(s)",
      sections: [("Templates", errors.listing(under: directory))])
  }

  private static func page(title: String, sections: [(String, String)]) -> Response {
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"/><title>\(escaped(title))</title>
      <link rel="stylesheet" href="/static/app.css"/></head>
      <body><main class="developer-error"><h1>\(escaped(title))</h1>
      <p>Shown because the server runs with <code>--dev</code>; without it this is a plain 500 page.</p>

      """
    for (heading, text) in sections {
      html += "<h2>\(escaped(heading))</h2><pre>\(escaped(text))</pre>\n"
    }
    html += "</main></body></html>\n"
    var response = Response.html(Array(html.utf8), status: .internalServerError)
    response.headers.add("Cache-Control", "no-store")
    return response
  }

  private static func escaped(_ text: String) -> String {
    String(decoding: HTMLEscaping.escaped(text), as: UTF8.self)
  }
}
