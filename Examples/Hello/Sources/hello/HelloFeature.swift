import Greetings
import MVVMWeb

/// The hello page at `/`: its greetings follow new ones live, and its form greets whoever types
/// a name, answering as they type. `/shout` greets in capitals.
struct HelloFeature: Feature {
  let list: GreetingList
  static let hello = Route("/")
  static let shout = Route("/shout")

  func register(in site: inout Site) {
    site.form(Self.hello, HelloPage.self, following: [.greetings]) { _ in
      HelloViewModel(list: list)
    } done: { request, _ in
      .redirect(to: request.location(Self.hello.path()))
    }
    site.form(Self.shout, ShoutViewModel.self) { _ in
      ShoutViewModel(list: list)
    } done: { request, _ in
      .redirect(to: request.location(Self.hello.path()))
    }
  }
}

extension ShoutViewModel: Page {
  public static let template = "shout.xhtml"
}

/// The page: its template, and the view model the template binds.
enum HelloPage: Page {
  typealias ViewModel = HelloViewModel
  static let template = "hello.xhtml"
}
