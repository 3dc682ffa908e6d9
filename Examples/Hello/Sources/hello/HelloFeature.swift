import Greetings
import MVVMWeb

/// The hello page at `/`: its greetings follow new ones live, and its form greets whoever types
/// a name, answering as they type.
struct HelloFeature: Feature {
  let list: GreetingList
  static let hello = Route("/")

  func register(in site: inout Site) {
    site.form(Self.hello, HelloPage.self, following: [.greetings]) { _ in
      HelloViewModel(list: list)
    } done: { request, _ in
      .redirect(to: request.location(Self.hello.path()))
    }
  }
}

/// The page: its template, and the view model the template binds.
enum HelloPage: Page {
  typealias ViewModel = HelloViewModel
  static let template = "hello.xhtml"
}
