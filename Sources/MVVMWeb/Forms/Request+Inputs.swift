import MVVMWebServer
import MVVMWebViewModels

extension Request {
  /// The header the browser's live-inputs script marks an input event with: a post of the
  /// form's fields to its own action, answered with the form's live parts instead of saved.
  public static let inputEventHeader = "MVVMWeb-Input"

  /// Whether this post is an input event (it carries `MVVMWeb-Input`) rather than the form's
  /// submit. Whatever the header's value: a post that says it is an input event is never
  /// saved, and one whose value names no form is refused.
  public var isInputEvent: Bool {
    method == .post && headers[Self.inputEventHeader] != nil
  }

  /// Which of the page's `m:inputs` forms sent this input event: the number the page wrote on
  /// it (`data-inputs="2"`, its second), sent back as `MVVMWeb-Input: 2`. Nil when the header
  /// holds anything but a number from 1 to 9999.
  public var inputForm: Int? {
    guard let value = headers[Self.inputEventHeader], (1...4).contains(value.utf8.count),
      value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let number = Int(value), number >= 1
    else { return nil }
    return number
  }

  /// The fields of this post or input event for `viewModel`'s inputs, after the cross-site
  /// check. An input event is held to what its form can send: a body or a field count larger
  /// than the inputs can hold is refused (413) before it is decoded, an unknown or repeated
  /// field, or a value no box has, is refused (400), as is a header that names no form. A post
  /// keeps a browser's leniency (a field it does not know is left out), but not past the bounds.
  public func submission<ViewModel: Inputs>(
    for viewModel: ViewModel.Type
  ) throws(HTTPError) -> Submission<ViewModel> {
    guard CrossSiteCheck.allows(self) else { throw CrossSiteCheck.refusal }
    let inputs = InputBounds.of(ViewModel.self)
    guard isInputEvent else { return try Submission(form(), inputs, strict: false) }
    guard inputForm != nil else { throw Self.noFormNamed }
    guard body.count <= Submission<ViewModel>.maxEventBytes else {
      throw HTTPError(
        .contentTooLarge,
        "An input event is at most \(Submission<ViewModel>.maxEventBytes / 1024) KB; this one is "
          + "larger than its form can be.")
    }
    // Fields are `&`-separated: counted before decoding any of them.
    let maxFields = InputBounds.maxFields(inputs)
    guard body.count(where: { $0 == UInt8(ascii: "&") }) < maxFields else {
      throw HTTPError(
        .contentTooLarge,
        "An input event holds at most \(maxFields) fields; this one holds more than its form can "
          + "send.")
    }
    return try Submission(form(), inputs, strict: true)
  }

  /// The refusal of an input event whose header does not name a form.
  static let noFormNamed = HTTPError(
    .badRequest,
    "An input event names its form by number: MVVMWeb-Input: 1 for the page's first form that "
      + "answers as people type.")
}
