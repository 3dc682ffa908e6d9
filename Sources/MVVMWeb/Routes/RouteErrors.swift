/// Routes declared wrong (a pattern whose parameters and types do not match), each with its
/// declaration's `file:line`: the site does not start with them.
public struct RouteErrors: Error, CustomStringConvertible {
  /// One line per route.
  public let problems: [String]

  /// Every problem, a line each.
  public var description: String { problems.joined(separator: "\n") }
}
