import Foundation
import MVVMWeb
import MVVMWebTesting
import Testing

@testable import WebApp

/// What the app answers when its store does not answer in time, made on purpose with
/// `StoreStall` rather than by a lock or a paused database: a lane held (no thread comes free)
/// or slowed (a thread takes the call, the store does not finish) until the test lets it go, so
/// every answer is the deadline's, never a race. Over the app's real socket.
@Suite(.timeLimit(.minutes(2))) struct StoreLaneAnswerTests {
  /// The store's deadline here: short, so each stalled request is.
  static let deadline = Duration.milliseconds(200)
  /// What a page that reads says when its read had no answer in time (`StoreWork`).
  static let busyReading =
    "The site is busy right now: its data did not answer in time. Please try again in a few seconds."
  /// What a post says when its write never started (`StoreWork`).
  static let notSaved =
    "The site is busy right now, so nothing was saved. Go back to the form (what you typed is still there) and send it again in a few seconds."

  let app: AppHarness

  init() async throws {
    app = try await AppHarness(demo: true, store: .init(deadline: Self.deadline))
  }

  var executor: StoreExecutor { app.stores.executor }

  /// A player form filled in as a person does.
  func playerForm(_ name: String) async throws -> TestForm {
    var form = try await app.client.page("/players/new").form(submit: "Save")
    try form.fill("Name", with: name)
    return form
  }

  @Test func aPostThatFindsNoWriterIsA503ThatSavedNothingAndGoesThroughOnceItIsFree()
    async throws
  {
    let form = try await playerForm("Held Hana")
    let before = try app.stores.league.players().map(\.name)
    let stall = try await StoreStall.holding(.write, of: executor)
    let refused = try await app.client.submit(form)
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "5")
    #expect(refused.text.contains("<p>\(Self.notSaved)</p>"))
    #expect(try app.stores.league.players().map(\.name) == before)
    // Only writes wait: the pages that read answer as ever.
    #expect(try await app.get("/rankings").status == 200)

    stall.release()
    let saved = try await app.client.submit(form)
    #expect(saved.status == 303)
    #expect(
      try app.stores.league.players().map(\.name).filter { $0 == "Held Hana" }
        == ["Held Hana"])
  }

  @Test func aReadThatFindsNoReaderIsA503AndTheInstanceIsNotReadyButAlive() async throws {
    let stall = try await StoreStall.holding(.read, of: executor)
    defer { stall.release() }
    // Signed out: a session, too, is read on the read lane (tried in the accounts' tests).
    let rankings = try await app.get("/rankings", signedOut: true)
    #expect(rankings.status == 503)
    #expect(rankings.header("Retry-After") == "5")
    #expect(rankings.text.contains("<p>\(Self.busyReading)</p>"))
    let readiness = try await app.get("/readyz", signedOut: true)
    #expect(readiness.status == 503)
    #expect(readiness.header("Retry-After") == "5")
    #expect(readiness.text == "not ready: the database did not answer\n")
    let health = try await app.get("/healthz")
    #expect(health.status == 200)
    #expect(health.text == "ok")
  }

  @Test func aReadTheStoreDoesNotFinishInTimeIsA503() async throws {
    #expect(try await app.get("/rankings").status == 200)
    let stall = StoreStall.slowing(.read, of: executor, by: Self.deadline * 3)
    defer { stall.release() }
    let started = ContinuousClock.now
    // Signed out: a session, too, is read on the read lane (tried in the accounts' tests).
    let rankings = try await app.get("/rankings", signedOut: true)
    #expect(rankings.status == 503)
    #expect(rankings.header("Retry-After") == "5")
    #expect(rankings.text.contains("<p>\(Self.busyReading)</p>"))
    // Answered once the deadline had passed: the read was taken, then given up on.
    #expect(ContinuousClock.now - started >= Self.deadline)
  }

  /// A new match's or a new player's input event needs only the players (and their names'
  /// keys), which the store keeps once it has read them: it is answered on the thread that read
  /// it, even with every store thread held; the form's page, which reads, waits for one as
  /// before.
  @Test func aNewMatchsInputEventIsAnsweredWithoutAStoreThreadOnceThePlayersAreKept()
    async throws
  {
    #expect(try await app.get("/matches/new").status == 200)  // reads the players, and keeps them
    let stall = try await StoreStall.holding(.read, of: executor)
    defer { stall.release() }
    let event = try await app.post(
      "/matches/new", "token=t&homeGoals=2&awayGoals=1",
      headers: [("Sec-Fetch-Site", "same-origin"), ("MVVMWeb-Input", "1")])
    #expect(event.status == 200)
    #expect(event.text.contains(#"<p class="preview">? 2 : 1 ?</p>"#))
    let name = try await app.post(
      "/players/new", "name=aLICE",
      headers: [("Sec-Fetch-Site", "same-origin"), ("MVVMWeb-Input", "1")])
    #expect(name.status == 200)
    #expect(name.text.contains(">That name is taken</p>"))
    #expect(try await app.get("/matches/new").status == 503)
  }
}
