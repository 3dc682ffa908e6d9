/// Something a view binds to: a view model's outputs, looked up by name, plus a static schema of
/// them. This is the whole interface between a view model and its template; it names no HTML.
public protocol Outputs {
  /// The outputs every instance provides, by name and kind.
  static var outputSchema: OutputSchema { get }

  /// The current value of one output, or nil when there is no output of that name.
  func output(named name: String) -> Output?
}
