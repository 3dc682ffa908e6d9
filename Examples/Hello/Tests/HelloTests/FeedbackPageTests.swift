import MVVMWebApp
import MVVMWebTesting
import Testing

@testable import hello

/// `/feedback` as its visitors use it: a message kept and listed live, a refused one kept with
/// its reason, typing answered by the field.
@Suite(.timeLimit(.minutes(1))) struct FeedbackPageTests {
  @Test(arguments: [TestTransport.inProcess, .socket])
  func aMessageIsKeptAndListedLiveInAnotherBrowser(transport: TestTransport) async throws {
    try await Hello().site(.testing()).build().test(transport) { client in
      let stream = try await client.follow("/feedback")
      #expect(try await stream.next(element: "messages").element?.text == "No message yet.")
      var form = try await client.page("/feedback").form(submit: "Send")
      try form.fill("Your message", with: "  Lovely page  ")
      try form.tick("Send me news")
      #expect(try await client.submit(form).location == "/feedback")
      #expect(
        try await stream.next(element: "messages").element?.text == "Lovely page Wants news")
    }
  }

  @Test(arguments: [
    ("", "Write a message"), (String(repeating: "é", count: 201), "Write at most 200 characters"),
  ])
  func aRefusedMessageComesBackWithItsReasonAndWhatWasTyped(
    typed: String, reason: String
  )
    async throws
  {
    try await Hello().site(.testing()).build().test { client in
      var form = try await client.page("/feedback").form(submit: "Send")
      try form.fill("Your message", with: typed)
      let answer = try await client.submit(form)
      #expect(answer.status == 422)
      let again = try answer.page.form(submit: "Send")
      #expect(try again.value(of: "Your message") == typed)
      #expect(try again.message(for: "Your message") == reason)
      let typing = try await client.input(again)
      #expect(typing.parts["message-field"]?.element(id: "message-error")?.text == reason)
      #expect(try await client.page("/feedback").text(id: "messages") == "No message yet.")
    }
  }
}
