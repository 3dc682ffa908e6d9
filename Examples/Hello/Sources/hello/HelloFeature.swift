import Greetings
import MVVMWeb

/// The hello page at `/`: its greetings follow new ones live, and its form adds one.
struct HelloFeature: Feature {
  let list: GreetingList

  func register(in site: inout Site) {
    let page = site.page("/", HelloPage.self, following: [.greetings]) { _ in
      HelloViewModel(list: list)
    }
    site.post("/") { request in
      let viewModel = HelloViewModel(list: list)
      if request.isInputEvent {
        // The person is typing: the same input, checked, and the form's live part answered.
        viewModel.setName(try request.checkedInputs(InputFields(single: ["name"]))["name"] ?? "")
        viewModel.validate()
        return try page.answerInput(viewModel, for: request)
      }
      viewModel.setName(try request.checkedForm()["name"] ?? "")
      switch viewModel.greet() {
      case .done: return .redirect(to: request.location("/"))
      case .failed: return page.render(viewModel, for: request, status: .unprocessableContent)
      }
    }
  }
}

/// The page: its template, and the view model the template binds.
enum HelloPage: Page {
  typealias ViewModel = HelloViewModel
  static let template = "hello.xhtml"
}
