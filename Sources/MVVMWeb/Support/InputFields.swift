import MVVMWebServer

/// The fields a form with live inputs (`m:inputs`) sends with each input event, so an event the
/// form could not have sent is refused with a 4xx that says why, before any view model sees it.
///
/// ```swift
/// let fields = InputFields(single: ["name", "token"], repeated: ["home"])
/// let form = try request.checkedInputs(fields)
/// ```
public struct InputFields: Sendable {
  /// Fields sent at most once (a text field, a hidden token).
  public var single: Set<String>
  /// Fields sent once per ticked box (a checkbox group).
  public var repeated: Set<String>
  /// How many values a repeated field may have.
  public var maxRepeats: Int
  /// The largest body an event may have, in bytes: what the form's fields can hold, far below
  /// the server's limit for other posts.
  public var maxBytes: Int

  /// The fields of one form.
  public init(
    single: Set<String>, repeated: Set<String> = [], maxRepeats: Int = 100,
    maxBytes: Int = 64 * 1024
  ) {
    self.single = single
    self.repeated = repeated
    self.maxRepeats = maxRepeats
    self.maxBytes = maxBytes
  }

  /// The most fields an event may hold: each single one once, each repeated one up to its limit.
  var maxFields: Int {
    let (repeats, tooMany) = repeated.count.multipliedReportingOverflow(by: maxRepeats)
    let (total, overflow) = single.count.addingReportingOverflow(repeats)
    return tooMany || overflow ? Int.max : total
  }

  /// `form`, or the refusal of the first field it should not hold.
  func check(_ form: Parameters) throws(HTTPError) -> Parameters {
    // Counted in short lists searched by name, not a dictionary: an event holds a handful of
    // names, and hashing each twice more cost more than the rest of the check.
    var singlesSeen: [String] = []
    var repeats: [(name: String, count: Int)] = []
    for pair in form.pairs {
      if single.contains(pair.name) {
        guard !singlesSeen.contains(pair.name) else {
          throw HTTPError(
            .badRequest,
            "The input event sent the field “\(Self.shown(pair.name))” twice; the form has it once."
          )
        }
        singlesSeen.append(pair.name)
      } else if repeated.contains(pair.name) {
        guard let index = repeats.firstIndex(where: { $0.name == pair.name }) else {
          repeats.append((pair.name, 1))
          continue
        }
        repeats[index].count += 1
        guard repeats[index].count <= maxRepeats else {
          throw HTTPError(
            .contentTooLarge,
            "The input event sent the field “\(Self.shown(pair.name))” more than \(maxRepeats) times."
          )
        }
      } else {
        throw HTTPError(
          .badRequest,
          "The input event sent a field named “\(Self.shown(pair.name))”, which the form does not have."
        )
      }
    }
    return form
  }

  /// A field name as quoted in a message: short, whatever was sent.
  private static func shown(_ name: String) -> String {
    name.count > 40 ? String(name.prefix(40)) + "…" : name
  }
}

extension Request {
  /// The header the browser's live-inputs script marks an input event with: a post of the
  /// form's fields to its own action, answered with the form's live parts instead of saved.
  public static let inputEventHeader = "MVVMWeb-Input"

  /// Whether this post is an input event (it carries `MVVMWeb-Input`) rather than the form's
  /// submit. Whatever the header's value: a post that says it is an input event is never
  /// saved, and one whose value names no form is refused by `checkedInputs`.
  public var isInputEvent: Bool {
    method == "POST" && headers[Self.inputEventHeader] != nil
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

  /// The fields of an input event, after the same cross-site check as a post and the checks of
  /// `fields`: a body or a field count larger than the form can send is refused (413) before it
  /// is decoded, and an unknown or repeated field is refused (400), as is a header that names
  /// no form.
  public func checkedInputs(_ fields: InputFields) throws(HTTPError) -> Parameters {
    guard CrossSiteCheck.allows(self) else { throw CrossSiteCheck.refusal }
    guard inputForm != nil else { throw Self.noFormNamed }
    guard body.count <= fields.maxBytes else {
      throw HTTPError(
        .contentTooLarge,
        "An input event is at most \(fields.maxBytes / 1024) KB; this one is larger than its form "
          + "can be.")
    }
    // Fields are `&`-separated: counted before decoding any of them.
    let separators = body.count { $0 == UInt8(ascii: "&") }
    guard separators < fields.maxFields else {
      throw HTTPError(
        .contentTooLarge,
        "An input event holds at most \(fields.maxFields) fields; this one holds more than its "
          + "form can send.")
    }
    return try fields.check(try form())
  }

  /// The refusal of an input event whose header does not name a form.
  static let noFormNamed = HTTPError(
    .badRequest,
    "An input event names its form by number: MVVMWeb-Input: 1 for the page's first form that "
      + "answers as people type.")
}
