import Foundation
import MVVMWebViewModels

/// The hello page: everyone greeted so far, and the form to be greeted. Plain Swift: the web
/// feature sends it the name from the form and asks it to greet; a test does the same.
@Outputs
public final class HelloViewModel {
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
  public func greet() -> Outcome {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return fail("Enter your name") }
    if trimmed.count > 40 || trimmed.utf8.count > 160 {
      return fail("Enter at most 40 letters")
    }
    list.add(trimmed)
    return .done
  }

  private func fail(_ message: String) -> Outcome {
    nameError = message
    return .failed(message: message)
  }
}
