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
