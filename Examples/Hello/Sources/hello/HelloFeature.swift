import Greetings
import MVVMWeb

/// The hello page at `/`: its greetings follow new ones live, and its form greets whoever types
/// a name, answering as they type. `/shout` greets in capitals; `/feedback` keeps messages.
struct HelloFeature: Feature {
  let list: GreetingList
  static let hello = Route("/")
  static let shout = Route("/shout")

  func register(in site: inout Site) {
    site.form(Self.hello, HelloPage.self, following: [.greetings], allowed: .everyone) { _ in
      HelloViewModel(list: list)
    } done: { request, _ in
      .redirect(to: request.location(Self.hello.path()))
    }
    site.form(Self.shout, ShoutViewModel.self, allowed: .everyone) { _ in
      ShoutViewModel(list: list)
    } done: { request, _ in
      .redirect(to: request.location(Self.hello.path()))
    }
    let feedback = Route("/feedback")
    let box = FeedbackBox(changes: site.changes)
    site.form(feedback, FeedbackPage.self, following: [.feedback], allowed: .everyone) { _ in
      FeedbackViewModel(box: box)
    } done: { request, _ in
      .redirect(to: request.location(feedback.path()))
    }
  }

  /// The feedback page: its template and view model.
  enum FeedbackPage: Page {
    typealias ViewModel = FeedbackViewModel
    static let template = "feedback.xhtml"
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
