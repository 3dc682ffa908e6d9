/// One problem in a template, located by file and line.
public struct TemplateError: Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var message: String

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
  public var errors: [TemplateError]

  public init(_ errors: [TemplateError]) {
    self.errors = errors
  }

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
