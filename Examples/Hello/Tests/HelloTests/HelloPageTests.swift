import Greetings
import MVVMWeb
import MVVMWebApp
import MVVMWebTesting
import Testing

@testable import hello

/// The hello site as its users reach it, through `MVVMWebTesting`: each test runs in process and
/// again over a real socket.
@Suite(.timeLimit(.minutes(1))) struct HelloPageTests {
  /// The site as `hello` serves it, built by the app's own function, with its own templates and
  /// stylesheet.
  func site() throws -> WebSite {
    try Hello().site(.testing()).build()
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func thePageInvitesTheFirstGreeting(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      let page = try await client.page("/")
      #expect(page.text(id: "greetings") == "Nobody yet: be the first.")
      let form = try page.form(submit: "Greet me")
      #expect(try form.value(of: "Your name") == "")
      #expect(try form.message(for: "Your name") == nil)
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func aGoodNameIsGreetedAndTheBrowserSentBack(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      var form = try await client.page("/").form(submit: "Greet me")
      try form.fill("Your name", with: "Ada Lovelace")
      let answer = try await client.submit(form)
      #expect(answer.status == 303)
      #expect(answer.location == "/")
      let page = try await client.page("/")
      #expect(page.text(id: "greetings") == "Hello, Ada Lovelace!")
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func aNameTooLongComesBackWithTheMessageAndWhatWasTyped(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      var form = try await client.page("/").form(submit: "Greet me")
      let long = String(repeating: "x", count: 41)
      try form.fill("Your name", with: long)
      let answer = try await client.submit(form)
      #expect(answer.status == 422)
      let again = try answer.page.form(submit: "Greet me")
      #expect(try again.value(of: "Your name") == long)
      #expect(try again.message(for: "Your name") == "Enter at most 40 letters")
      #expect(try await client.page("/").text(id: "greetings") == "Nobody yet: be the first.")
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func typingIsAnsweredByTheFieldAndGreetsNobody(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      var form = try await client.page("/").form(submit: "Greet me")
      try form.fill("Your name", with: "")
      let typed = try await client.input(form)
      #expect(typed.status == 200)
      #expect(typed.parts.keys.sorted() == ["name-field"])
      #expect(typed.parts["name-field"]?.element(id: "name-error")?.text == "Enter your name")
      try form.fill("Your name", with: "Ada")
      let good = try await client.input(form)
      #expect(good.parts["name-field"]?.element(id: "name-error")?.text == "")
      #expect(try await client.page("/").text(id: "greetings") == "Nobody yet: be the first.")
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func anOpenPageFollowsAGreetingFromAnotherBrowser(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      let stream = try await client.follow("/")
      #expect(stream.status == 200)
      let first = try await stream.next(element: "greetings")
      #expect(first.element?.text == "Nobody yet: be the first.")
      var form = try await client.page("/").form(submit: "Greet me")
      try form.fill("Your name", with: "Grace")
      #expect(try await client.submit(form).status == 303)
      let pushed = try await stream.next(element: "greetings")
      #expect(pushed.element?.text == "Hello, Grace!")
      // A page that reconnects after what it saw gets nothing again until the next change.
      let again = try await client.follow("/", lastEventID: stream.lastEventID)
      #expect(again.status == 200)
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func theShoutPageTicksItsBoxByLabel(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      var form = try await client.page("/shout").form(submit: "Greet me")
      try form.fill("Your name", with: "Ada")
      try form.tick("Shout it")
      #expect(
        try await client.submit(form, followingRedirects: true).page.text(id: "greetings")
          == "Hello, ADA!")
      #expect(throws: TestFailure.self) { try form.fill("Nickname", with: "A") }
    }
  }

  /// Served on 127.0.0.1 with no hosts named, the site answers its own names only: a page on a
  /// name rebound to 127.0.0.1 (DNS rebinding) is refused, whatever a forwarding header adds.
  @Test(arguments: [TestTransport.inProcess, .socket])
  func aForeignHostIsRefusedWhateverAProxyHeaderSays(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      for extra in [("X-Forwarded-Host", "localhost"), ("Forwarded", "host=localhost")] {
        let refused = try await client.get("/", headers: [("Host", "evil.example"), extra])
        #expect(refused.status == 400, "\(extra)")
        #expect(refused.text.contains("This server does not answer for the host evil.example."))
      }
      #expect(try await client.get("/", headers: [("Host", "localhost:8080")]).status == 200)
    }
  }
}
