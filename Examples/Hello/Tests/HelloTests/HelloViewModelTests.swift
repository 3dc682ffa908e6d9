import Greetings
import MVVMWebViewModels
import Synchronization
import Testing

/// The hello page's view model through its inputs and outputs, without a server: what the form
/// sends, what the page shows, and what the live pages are told.
@Suite struct HelloViewModelTests {
  let changes = ChangeFeed()
  let heard: Heard

  init() {
    heard = Heard(changes)
  }

  @Test func anEmptyListSaysSo() {
    let page = HelloViewModel(list: GreetingList(changes: changes))
    #expect(page.isEmpty)
    #expect(page.greetings == [])
    #expect(page.name == "")
    #expect(page.nameError == nil)
  }

  @Test func aNameIsGreetedNewestFirstAndAnnounced() {
    let list = GreetingList(changes: changes)
    for name in ["Ada", "  Grace \n"] {
      let form = HelloViewModel(list: list)
      form.setName(name)
      #expect(form.save() == .done)
    }
    let page = HelloViewModel(list: list)
    #expect(!page.isEmpty)
    #expect(page.greetings == [.init(text: "Hello, Grace!"), .init(text: "Hello, Ada!")])
    #expect(heard.topics == ["greetings", "greetings"])
  }

  @Test func aBlankNameIsRefusedNextToTheFieldAndKept() {
    let list = GreetingList(changes: changes)
    let form = HelloViewModel(list: list)
    form.setName("   ")
    #expect(form.save() == .failed(message: "Enter your name"))
    #expect(form.nameError == "Enter your name")
    #expect(form.name == "   ")
    #expect(list.names == [])
    #expect(heard.topics == [])
  }

  @Test func aNameIsBoundedInCharactersAndInBytes() {
    let list = GreetingList(changes: changes)
    for name in [String(repeating: "a", count: 41), String(repeating: "🙂", count: 41)] {
      let form = HelloViewModel(list: list)
      form.setName(name)
      #expect(form.save() == .failed(message: "Enter at most 40 letters"))
      #expect(form.name == name)
    }
    // 40 letters of four bytes each are 160 bytes: the most a name may take.
    let form = HelloViewModel(list: list)
    form.setName(String(repeating: "𝒜", count: 40))
    #expect(form.save() == .done)
    #expect(list.names == [String(repeating: "𝒜", count: 40)])
  }

  @Test func aNewInputClearsTheError() {
    let form = HelloViewModel(list: GreetingList(changes: changes))
    form.setName("")
    _ = form.save()
    form.setName("Ada")
    #expect(form.nameError == nil)
    #expect(form.name == "Ada")
  }

  @Test func theSameNameSentTwiceIsGreetedOnce() {
    let list = GreetingList(changes: changes)
    for _ in 1...2 {
      let form = HelloViewModel(list: list)
      form.setName("Ada")
      #expect(form.save() == .done)
    }
    #expect(list.names == ["Ada"])
    #expect(heard.topics == ["greetings"])
  }

  @Test func theListKeepsTheLatestOnly() {
    let list = GreetingList(changes: changes, capacity: 2)
    for name in ["Ada", "Grace", "Alan"] { list.add(name) }
    #expect(list.names == ["Alan", "Grace"])
  }

  /// As the person types: the rules are said next to the field, and nobody is greeted.
  @Test func validatingSaysWhatIsWrongAndGreetsNobody() {
    let list = GreetingList(changes: changes)
    let form = HelloViewModel(list: list)
    for (typed, error) in [
      ("", "Enter your name"), ("Ad", nil),
      (String(repeating: "a", count: 41), "Enter at most 40 letters"),
      ("  Ada ", nil),
    ] {
      form.setName(typed)
      form.validate()
      #expect(form.nameError == error, "\(typed)")
      #expect(form.name == typed)
    }
    #expect(list.names == [])
    #expect(heard.topics == [])
  }

  @Test func theOutputsAreWhatTheTemplateBinds() {
    #expect(
      HelloViewModel.outputSchema.fields.map(\.name) == [
        "name", "nameError", "greetings", "isEmpty",
      ])
    #expect(HelloViewModel.Greeting.outputSchema.fields.map(\.name) == ["text"])
  }
}

/// The topics a feed published, in order.
final class Heard: Sendable {
  private let names = Mutex<[String]>([])

  init(_ changes: ChangeFeed) {
    changes.observe { [self] topic in names.withLock { $0.append(topic.name) } }
  }

  var topics: [String] { names.withLock { $0 } }
}
