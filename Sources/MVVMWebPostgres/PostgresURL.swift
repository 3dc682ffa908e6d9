/// Database URLs as messages and logs may show them: with any password hidden.
public enum PostgresURL {
  /// `url` with the password replaced by `***`, whether it sits in the authority
  /// (`postgres://ann:secret@host/db`) or in a `password=` setting (`…?password=secret`,
  /// `host=h password='sec ret'`). Works on text that is not a valid URL too, since that is what
  /// an error message about a bad URL quotes. When in doubt it hides more: everything from the
  /// first `:` after `://` to the last `@`, because libpq itself accepts a password holding `/`,
  /// `?` or `@`.
  public static func redacted(_ url: String) -> String {
    var text = url
    if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@"),
      let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
    {
      text.replaceSubrange(text.index(after: colon)..<at, with: "***")
    }
    return text.replacing(/(password\s*=\s*)('(?:[^'\\]|\\.)*'?|[^&\s]*)/) { match in
      "\(match.output.1)***"
    }
  }
}
