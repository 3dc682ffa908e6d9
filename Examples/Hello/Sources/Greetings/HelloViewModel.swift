import Foundation
import MVVMWebViewModels

/// The hello page: everyone greeted so far, and the form to be greeted. Plain Swift: the site
/// sends it the name from the form (its one input) and asks it to save; a test does the same.
@Outputs
public final class HelloViewModel: SavableForm {
  /// One line of the list.
  @Outputs
  public struct Greeting: Equatable, Sendable {
    /// "Hello, Ada!"
    public var text: String

    /// A line saying `text`.
    public init(text: String) { self.text = text }
  }

  private let list: GreetingList
  /// What was typed, kept when it is refused.
  public private(set) var name: String = ""
  /// Why the name was refused, shown next to the field.
  public private(set) var nameError: String?

  /// The page over `list`.
  public init(list: GreetingList) { self.list = list }

  /// The greetings, newest first.
  public var greetings: [Greeting] { list.names.map { Greeting(text: "Hello, \($0)!") } }
  /// Whether nobody has been greeted yet.
  public var isEmpty: Bool { list.names.isEmpty }

  /// Input: the name typed in the form.
  public func setName(_ text: String) {
    name = text
    nameError = nil
  }

  /// Greets the name typed: `.done`, or `.failed` with the reason next to the field. A name is
  /// bounded in characters and in bytes (accents and emoji take several).
  public func save() -> Outcome {
    if let problem = Self.problem(trimmed) {
      nameError = problem
      return .failed(message: problem)
    }
    list.add(trimmed)
    return .done
  }

  /// Checks the name as typed and greets nobody: the page asks it as the person types.
  public func validate() {
    nameError = Self.problem(trimmed)
  }

  private var trimmed: String { name.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// What is wrong with `name`, in words, or nil.
  private static func problem(_ name: String) -> String? {
    if name.isEmpty { return "Enter your name" }
    if name.count > 40 || name.utf8.count > 160 { return "Enter at most 40 letters" }
    return nil
  }
}

extension HelloViewModel: Inputs {
  /// The name typed into the form.
  public static let inputs: [Input<HelloViewModel>] = [.text("name", setName)]
}
