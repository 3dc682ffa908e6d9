/// Tells an address of the app (`/matches`, `/users/refresh`), which a template must take from a
/// destination output, from what it may write as text: a static file under one of the asset
/// prefixes (`/static/app.css`), a fragment (`#main`), a relative or a web address.
enum AppAddress {
  /// Whether `url`, written as text in a URL attribute, is an address of the app. It is read as a
  /// browser reads it: leading spaces and controls do not count, and a backslash is a slash.
  static func isAppAddress(_ url: Substring, assets: [String]) -> Bool {
    let url = trimmed(url)
    guard let first = url.first, first == "/" || first == "\\" else { return false }
    // `//host/…` (or `\\host`) names another host: a web address.
    let second = url.dropFirst().first
    if second == "/" || second == "\\" { return false }
    return !isStaticAsset(url, assets: assets)
  }

  /// A path under one of `assets` that stays there: a dot segment (`/static/../users`), which
  /// the browser resolves first, could lead out of it into the app.
  static func isStaticAsset(_ url: Substring, assets: [String]) -> Bool {
    guard assets.contains(where: { !$0.isEmpty && url.hasPrefix($0) }) else { return false }
    let path = url.prefix { $0 != "?" && $0 != "#" }
    return !path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains { segment in
      let plain = segment.lowercased().replacing("%2e", with: ".")
      return plain == "." || plain == ".."
    }
  }

  /// The URLs of a `srcset` value: each candidate's first word.
  static func sourceSetURLs(_ value: String) -> [Substring] {
    value.split(separator: ",").compactMap { candidate in
      candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first
    }
  }

  /// Without the leading spaces and controls a browser's URL parser drops.
  static func trimmed(_ url: Substring) -> Substring {
    url.drop { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } }
  }
}
