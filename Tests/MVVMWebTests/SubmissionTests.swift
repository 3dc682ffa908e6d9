import MVVMWeb
import Testing

/// A view model with one input of each kind, as a form's fields reach it.
private final class Profile: Inputs {
  var events: [String] = []

  func setName(_ text: String) { events.append("name \(text)") }
  func setSubscribed(_ on: Bool) { events.append("subscribed \(on)") }
  func setTags(_ tags: [String]) { events.append("tags \(tags)") }

  static let inputs: [Input<Profile>] = [
    .text("name", setName), .flag("subscribed", setSubscribed),
    .list("tags", max: 3, accepts: { $0.hasPrefix("t") }, setTags), .carried("draft", max: 2),
  ]
}

/// A post or input event decoded into a view model's declared inputs: each kind, the bounds, and
/// what an input event may not hold.
@Suite struct SubmissionTests {
  func request(
    _ body: String, event: String? = nil, site: String = "same-origin"
  ) throws -> Request {
    var headers: HTTPHeaders = [
      "Host": "localhost", "Sec-Fetch-Site": site,
      "Content-Type": "application/x-www-form-urlencoded",
    ]
    if let event { headers.add("MVVMWeb-Input", event) }
    return try Request(method: .post, target: "/profile", headers: headers, body: Array(body.utf8))
  }

  /// The input events `body` sends, or the status and words of its refusal.
  func sent(_ body: String, event: String? = nil, site: String = "same-origin") throws -> [String] {
    let profile = Profile()
    do {
      let submission = try request(body, event: event, site: site).submission(for: Profile.self)
      submission.send(to: profile)
    } catch let error as HTTPError {
      return ["\(error.status.code) \(error.message)"]
    }
    return profile.events
  }

  @Test func eachInputGetsItsValuesInTheOrderTheyAreDeclared() throws {
    #expect(
      try sent("tags=t1&subscribed=on&name=Ada&tags=t2&draft=x")
        == ["name Ada", "subscribed true", #"tags ["t1", "t2"]"#])
    #expect(try sent("") == ["name ", "subscribed false", "tags []"])
    let kept = try request("name=Ada&other=1&draft=a&draft=b").submission(for: Profile.self)
    #expect(kept.pairs.map(\.name) == ["name", "draft", "draft"])
  }

  @Test func aPostIsReadAsABrowserSendsIt() throws {
    // A field the inputs do not take is left out, a single one sent twice is read once, and a
    // value no box has is the view model's to judge.
    #expect(
      try sent("name=a&name=b&nickname=c&tags=x")
        == ["name a", "subscribed false", #"tags ["x"]"#])
  }

  @Test(
    arguments: [
      (
        "tags=t1&tags=t2&tags=t3&tags=t4", nil,
        "413 The form sent the field “tags” more than 3 times."
      ),
      ("draft=1&draft=2&draft=3", nil, "413 The form sent the field “draft” more than 2 times."),
      ("name=%ZZ", nil, "400 The form holds an invalid percent-escape or is not UTF-8."),
      (
        "name=a&nickname=b", "1",
        "400 The input event sent a field named “nickname”, which the form does not have."
      ),
      (
        "name=a&name=b", "1",
        "400 The input event sent the field “name” twice; the form has it once."
      ),
      (
        "subscribed=on&subscribed=on", "1",
        "400 The input event sent the field “subscribed” twice; the form has it once."
      ),
      (
        "tags=t1&tags=x", "1",
        "400 The input event sent a value of “tags” that none of the form's boxes has."
      ),
      (
        "tags=t1&tags=t2&tags=t3&tags=t4", "1",
        "413 The input event sent the field “tags” more than 3 times."
      ),
      (
        String(repeating: "name=a&", count: 8), "1",
        "413 An input event holds at most 7 fields; this one holds more than its form can send."
      ),
      (
        "name=" + String(repeating: "a", count: 64 * 1024), "1",
        "413 An input event is at most 64 KB; this one is larger than its form can be."
      ),
      (
        "name=a", "one",
        "400 An input event names its form by number: MVVMWeb-Input: 1 for the page's first form "
          + "that answers as people type."
      ),
    ] as [(String, String?, String)])
  func whatAFormCannotSendIsRefusedWithWhy(body: String, event: String?, refusal: String) throws {
    #expect(try sent(body, event: event) == [refusal])
  }

  @Test func anInputEventReadsWhatItsFormSends() throws {
    #expect(
      try sent("name=Ada&subscribed=on&tags=t1&tags=&draft=x", event: "1")
        == ["name Ada", "subscribed true", #"tags ["t1", ""]"#])
  }

  @Test func aPostFromAnotherSiteIsRefused() throws {
    for event in [nil, "1"] {
      let refused = try sent("name=Ada", event: event, site: "cross-site")
      #expect(refused.first?.hasPrefix("403 ") == true, "\(refused)")
    }
  }
}
