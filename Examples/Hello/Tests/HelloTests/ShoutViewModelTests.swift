import Greetings
import MVVMWebViewModels
import Testing

/// The shout page's view model through its inputs: a ticked box greets in capitals, and the
/// hello form's rules hold.
@Suite struct ShoutViewModelTests {
  let list = GreetingList(changes: ChangeFeed())

  @Test func aTickedBoxShoutsTheGreeting() {
    let form = ShoutViewModel(list: list)
    form.setName("Ada")
    form.setLoud(true)
    #expect(form.save() == .done)
    #expect(list.names == ["ADA"])
  }

  @Test func anUntickedBoxGreetsAsTyped() {
    let form = ShoutViewModel(list: list)
    form.setName("Ada")
    form.setLoud(false)
    #expect(form.save() == .done)
    #expect(list.names == ["Ada"])
  }

  @Test func aBlankNameIsRefusedNextToTheFieldAsTyped() {
    let form = ShoutViewModel(list: list)
    form.setName("  ")
    form.validate()
    #expect(form.nameError == "Enter your name")
    #expect(form.save() == .failed(message: "Enter your name"))
    #expect(form.name == "  " && list.names.isEmpty)
  }
}
