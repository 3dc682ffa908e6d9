/// One problem in a template, located by file and line.
public struct TemplateError: Sendable, Equatable, CustomStringConvertible {
  /// The file, relative to the templates folder (`matches.xhtml`, `partials/pager.xhtml`).
  public var file: String
  /// The line in `file`, from 1; 0 when the problem is the whole file (it is missing, or declared
  /// twice).
  public var line: Int
  /// What is wrong, and where it helps, what to write instead.
  public var message: String

  /// A problem at `file:line`.
  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `matches.xhtml:12: message`
  public var description: String { "\(file):\(line): \(message)" }
}

/// Every problem found while loading templates, all reported at once so one run shows them all.
public struct TemplateErrors: Error, Sendable, Equatable, CustomStringConvertible {
  /// The problems, sorted by file and line, each once.
  public var errors: [TemplateError]

  /// The problems `errors`.
  public init(_ errors: [TemplateError]) {
    self.errors = errors
  }

  /// One `file:line: message` line per problem.
  public var description: String { errors.map(\.description).joined(separator: "\n") }

  /// One line per problem with the folder as the user named it in front of each file
  /// (`Templates/matches.xhtml:12: …`), so the paths open from where the command ran.
  public func listing(under directory: String) -> String {
    let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    return errors.map { error in
      let file = folder.isEmpty || folder == "." ? error.file : folder + "/" + error.file
      return "\(file):\(error.line): \(error.message)"
    }.joined(separator: "\n")
  }
}
