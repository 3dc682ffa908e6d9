/// A form's view model: it validates as people type, validates and saves, says how that went,
/// and when the store could not be written it shows so on the form, keeping everything typed. A
/// site saves any of them the same way (`Site.form`).
public protocol SavableForm: Outputs {
  /// Checks what was typed and saves nothing: an input event. Throws only when a store it reads
  /// cannot be read.
  func validate() throws
  /// Validates and saves: `.done`, or `.failed` with the errors shown next to their fields.
  /// Throws only when the store cannot be written.
  func save() throws -> Outcome
  /// Shows on the form that the data could not be saved, keeping the input.
  func reportStoreFailure()
}

extension SavableForm {
  /// Shows nothing: for a form whose store cannot fail to be written (a list in memory). A form
  /// over a database says so on the form, or the person sees it again with no word why.
  public func reportStoreFailure() {}
}
