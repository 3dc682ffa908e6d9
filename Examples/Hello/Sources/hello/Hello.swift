import Greetings
import MVVMWeb
import MVVMWebApp

/// The hello app: its site, built by the one function `hello serve` and the tests both call.
struct Hello: App {
  static let name = "hello"
  static let abstract = "Greets whoever gives their name, live in every open browser."

  func site(_ context: AppContext) throws -> Site {
    var site = try Site(context)
    try site.add(HelloFeature(list: GreetingList(changes: site.changes)))
    return site
  }
}
