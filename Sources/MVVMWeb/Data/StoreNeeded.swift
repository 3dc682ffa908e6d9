/// What a form's view model builder throws when it is asked to answer an input event without
/// the store (`FormRequest.mayReadStore` false) and needs it: the event then goes to the store's
/// threads, and the builder is asked again there.
public struct StoreNeeded: Error, Equatable {
  /// The marker.
  public init() {}
}
