import MVVMWebServer
import MVVMWebViewModels

/// The fields of a form post or input event, checked against a view model's inputs
/// (`Request.submission(for:)`): what each input gets, and the fields as sent, for a draft
/// carried to another page.
public struct Submission<ViewModel: Inputs>: Sendable {
  /// The fields the inputs take, as sent, in order.
  public let pairs: [(name: String, value: String)]

  /// The largest input event, in bytes: what a form's fields can hold, far below the server's
  /// limit for other posts.
  static var maxEventBytes: Int { 64 * 1024 }

  /// The fields of `form` that `inputs` take, each within its bounds. `strict` (an input event)
  /// also refuses a field the inputs do not have, a single one sent twice and a value no box
  /// has; a post leaves those to the view model, as a browser's form would send them.
  init(_ form: Parameters, _ inputs: [InputBounds], strict: Bool) throws(HTTPError) {
    // Counted in a short list searched by name, not a dictionary: a form holds a handful of
    // names, and hashing each twice more cost more than the rest of the check.
    var counts = [Int](repeating: 0, count: inputs.count)
    var kept: [(name: String, value: String)] = []
    kept.reserveCapacity(form.pairs.count)
    for pair in form.pairs {
      guard let index = inputs.firstIndex(where: { $0.name == pair.name }) else {
        guard !strict else {
          throw HTTPError(
            .badRequest,
            "The input event sent a field named “\(Self.shown(pair.name))”, which the form does "
              + "not have.")
        }
        continue
      }
      let input = inputs[index]
      counts[index] += 1
      guard counts[index] <= input.maxValues else {
        if input.maxValues == 1 {
          guard !strict else {
            throw HTTPError(
              .badRequest,
              "The input event sent the field “\(Self.shown(pair.name))” twice; the form has it "
                + "once.")
          }
          continue
        }
        throw HTTPError(
          .contentTooLarge,
          "The \(strict ? "input event" : "form") sent the field “\(Self.shown(pair.name))” more "
            + "than \(input.maxValues) times.")
      }
      if strict, !pair.value.isEmpty, let accepts = input.accepts, !accepts(pair.value) {
        throw HTTPError(
          .badRequest,
          "The input event sent a value of “\(Self.shown(pair.name))” that none of the form's "
            + "boxes has.")
      }
      kept.append((pair.name, pair.value))
    }
    pairs = kept
  }

  /// Sends each input its values (none when the form left it out) as the view model's input
  /// events, in the order the inputs are declared.
  public func send(to viewModel: ViewModel) {
    for input in ViewModel.inputs {
      input.send(viewModel, pairs.compactMap { $0.name == input.name ? $0.value : nil })
    }
  }

  /// A field name as quoted in a message: short, whatever was sent.
  private static func shown(_ name: String) -> String {
    name.count > 40 ? String(name.prefix(40)) + "…" : name
  }
}
