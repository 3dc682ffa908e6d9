/// A view model's inputs, declared once: each field its forms send, by name, and the input event
/// it becomes. The site checks every form of the view model's templates against them when it
/// starts (a field the view model does not take, or of another kind, stops it with `file:line`),
/// and decodes each post and input event into them, so no field name is written anywhere else.
///
/// ```swift
/// extension HelloViewModel: Inputs {
///   /// The name typed into the form.
///   public static let inputs: [Input<HelloViewModel>] = [.text("name", setName)]
/// }
/// ```
public protocol Inputs: AnyObject, SendableMetatype {
  /// The fields, each with the input event it sends to the view model.
  static var inputs: [Input<Self>] { get }
}

/// One field a view model takes from its forms: its name (the form field's), its kind, and the
/// input event a value becomes.
public struct Input<ViewModel: AnyObject>: Sendable {
  /// The field's name in the form.
  public let name: String
  /// What the form sends under that name.
  public let kind: InputKind
  /// Whether a value is one the form can send (a checkbox's id); a value that is not is refused
  /// in an input event (400) and left to the view model in a post. Nil: any value.
  public let accepts: (@Sendable (String) -> Bool)?
  /// Sends the field's values (none, one, or one per ticked box) to the view model.
  public let send: @Sendable (ViewModel, [String]) -> Void
  /// Where the input is declared (`Greetings/HelloViewModel.swift:69`), for the check that a
  /// form sends it.
  public let declaredAt: String

  init(
    name: String, kind: InputKind, accepts: (@Sendable (String) -> Bool)?, fileID: String,
    line: Int, send: @escaping @Sendable (ViewModel, [String]) -> Void
  ) {
    self.name = name
    self.kind = kind
    self.accepts = accepts
    self.send = send
    declaredAt = "\(fileID):\(line)"
  }

  /// A single value: a text field, a text area, a hidden field, a choice of a select or of radio
  /// buttons. Sent as "" when the form leaves it out.
  public static func text(
    _ name: String, _ set: @escaping @Sendable (ViewModel) -> (String) -> Void,
    fileID: String = #fileID, line: Int = #line
  ) -> Input {
    Input(name: name, kind: .text, accepts: nil, fileID: fileID, line: line) { viewModel, values in
      set(viewModel)(values.first ?? "")
    }
  }

  /// One checkbox: true when it is ticked (the form sends it), false when not.
  public static func flag(
    _ name: String, _ set: @escaping @Sendable (ViewModel) -> (Bool) -> Void,
    fileID: String = #fileID, line: Int = #line
  ) -> Input {
    Input(name: name, kind: .flag, accepts: nil, fileID: fileID, line: line) { viewModel, values in
      set(viewModel)(!values.isEmpty)
    }
  }

  /// A value per ticked box of a checkbox group (or per choice of a multiple select), at most
  /// `max` of them: more are refused before the view model sees any. `accepts` tells the values
  /// the boxes have (ids) from anything else, which only a forged input event sends.
  public static func list(
    _ name: String, max: Int = 100, accepts: (@Sendable (String) -> Bool)? = nil,
    _ set: @escaping @Sendable (ViewModel) -> ([String]) -> Void,
    fileID: String = #fileID, line: Int = #line
  ) -> Input {
    Input(name: name, kind: .list(max: max), accepts: accepts, fileID: fileID, line: line) {
      viewModel, values in
      set(viewModel)(values)
    }
  }

  /// A field the form sends for another page (a draft carried through a child flow), which this
  /// view model does not read as an input event: accepted, bounded to `max` values (checked by
  /// `accepts`, as a list's), and left to whoever builds the view model from the submission.
  public static func carried(
    _ name: String, max: Int = 1, accepts: (@Sendable (String) -> Bool)? = nil,
    fileID: String = #fileID, line: Int = #line
  ) -> Input {
    Input(name: name, kind: .carried(max: max), accepts: accepts, fileID: fileID, line: line) {
      _, _ in
    }
  }
}

/// What a form sends under one name, which its fields must fit.
public enum InputKind: Sendable, Equatable {
  /// One value.
  case text
  /// A checkbox, present or not.
  case flag
  /// Up to `max` values, one per ticked box.
  case list(max: Int)
  /// Up to `max` values the view model does not read.
  case carried(max: Int)

  /// How many values a post may hold under the name.
  public var maxValues: Int {
    switch self {
    case .text, .flag: 1
    case .list(let max), .carried(let max): max
    }
  }

  /// The kind in words, for messages.
  public var name: String {
    switch self {
    case .text: "a single value (text)"
    case .flag: "one checkbox (flag)"
    case .list: "a list of values (list)"
    case .carried: "a carried value"
    }
  }
}

/// The name and kind of an input, as the template check sees it.
public struct InputDeclaration: Sendable, Equatable {
  /// The field's name.
  public let name: String
  /// What the form sends under it.
  public let kind: InputKind
  /// Where the input is declared (`file:line`).
  public let declaredAt: String

  /// The declaration of a field `name` of `kind`, declared at `declaredAt`.
  public init(name: String, kind: InputKind, declaredAt: String = "") {
    self.name = name
    self.kind = kind
    self.declaredAt = declaredAt
  }
}

extension Inputs {
  /// The inputs' names and kinds, for the template check.
  public static var inputDeclarations: [InputDeclaration] {
    inputs.map { InputDeclaration(name: $0.name, kind: $0.kind, declaredAt: $0.declaredAt) }
  }
}
