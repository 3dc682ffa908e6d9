import MVVMWebViewModels

/// The shout page: a name greeted on the hello list, in capitals when the box is ticked. Its
/// rules are the hello form's: it greets through a `HelloViewModel`.
@Outputs
public final class ShoutViewModel: SavableForm {
  private let list: GreetingList
  /// What was typed, kept when it is refused.
  public private(set) var name: String = ""
  /// Whether the greeting is shouted.
  public private(set) var loud: Bool = false
  /// Why the name was refused, shown next to the field.
  public private(set) var nameError: String?

  /// The page over `list`.
  public init(list: GreetingList) { self.list = list }

  /// Input: the name typed.
  public func setName(_ text: String) {
    name = text
    nameError = nil
  }

  /// Input: the "Shout it" box.
  public func setLoud(_ on: Bool) { loud = on }

  /// Greets the name, shouted or not: `.done`, or `.failed` with the reason next to the field.
  public func save() -> Outcome {
    let greeting = self.greeting
    defer { nameError = greeting.nameError }
    return greeting.save()
  }

  /// Checks the name as typed and greets nobody.
  public func validate() {
    let greeting = self.greeting
    greeting.validate()
    nameError = greeting.nameError
  }

  /// The hello form, filled in as this one says.
  private var greeting: HelloViewModel {
    let greeting = HelloViewModel(list: list)
    greeting.setName(loud ? name.uppercased() : name)
    return greeting
  }
}

extension ShoutViewModel: Inputs {
  /// The name, and the box that shouts it.
  public static let inputs: [Input<ShoutViewModel>] = [
    .text("name", setName), .flag("loud", setLoud),
  ]
}
