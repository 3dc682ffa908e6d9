/// A form's view model: it validates and saves, says how that went, and when the store could not
/// be written it shows so on the form, keeping everything typed. Coordinators save any of them
/// the same way.
public protocol SavableForm: Outputs {
  /// Validates and saves: `.done`, or `.failed` with the errors shown next to their fields.
  /// Throws only when the store cannot be written.
  func save() throws -> Outcome
  /// Shows on the form that the data could not be saved, keeping the input.
  func reportStoreFailure()
}
