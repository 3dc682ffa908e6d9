import Foundation
import League
import MVVMWeb
import Synchronization
import TestSupport
import Testing
import WebApp

/// The app on a real PostgreSQL server that stops answering, through real sockets: the server's
/// processes are paused with SIGSTOP, as a stuck disk or a frozen virtual machine holds them
/// (connections stay open, nothing is refused, nothing answers). Pages that read the database
/// answer 503 with `Retry-After` within the store's deadline; `/healthz`, static files and
/// pages without data answer at once; a form posted meanwhile stores nothing; once the server
/// runs again the pages come back by themselves. A server of its own: the shared one serves
/// other tests in parallel, and pausing it would stall them.
@Suite(.timeLimit(.minutes(3))) struct PostgresStallTests {
  /// The store's deadline here, in seconds: short, so the test is, and well under the test
  /// client's read timeout (6 s), so a page that never answered shows as such.
  static let deadline = 2.0
  /// How long the pages that touch the database are asked for while it is paused.
  static let pausedRequestSeconds = 6.0

  /// The texts a read page may say when the database is paused: the deadline's (the request
  /// gave up waiting), or the store's own failure, when the connection gave up first. libpq
  /// before 17 counts `connect_timeout` in whole seconds, so a new connection to the paused
  /// server (the old ones are dropped at their statement limit) may give up after 1 to 2 s,
  /// before the deadline.
  static let readBusyTexts = [
    "The site is busy right now: its data did not answer in time. Please try again in a few seconds.",
    "The data could not be read just now. Please try again in a moment.",
  ]

  @Test func aPausedDatabaseCostsItsPagesA503WithinTheDeadlineAndNothingElse() async throws {
    let server = try PostgresTestServer.makePrivate()
    // Declared first, so it runs last: after the pause below is released.
    defer { try? server.stop() }
    let url = try server.freshDatabase()
    let app = try await AppHarness(
      demo: true, store: .init(deadline: .milliseconds(Int(Self.deadline * 1000)), database: url))
    let port = app.server.port
    #expect(try await app.get("/rankings").status == 200)
    #expect(try await app.get("/matches").status == 200)
    // Read through the pipeline, which has a connection and a thread of its own.
    #expect(try await app.get("/fortunes").status == 200)
    // Kept to the end: stores let go would close their pipeline's connection, whose backend
    // could end just as the pause begins.
    let stores = try AppStores(postgres: url, poolSize: 2)
    let league = stores.league
    let playersBefore = try league.players().map(\.name)
    #expect(playersBefore.count == 6)

    let pause = Pause()
    // Whatever fails below, the server runs again (and can be stopped).
    defer { pause.release() }
    try pause.hold(postmaster: try server.postmasterID())
    let pausedAt = ContinuousClock.now

    // Two requests a second for each page that reads the database, each from its own client
    // (a request takes about the deadline, so five clients a page keep the pace).
    let databasePaths = ["/rankings", "/matches", "/fortunes"]
    let slots = Int(Self.pausedRequestSeconds * 2)
    let clientsPerPath = 5
    let databaseAnswers = Answers()
    let databaseClients = onThreads(databasePaths.count * clientsPerPath) { index in
      let path = databasePaths[index % databasePaths.count]
      for slot in stride(from: index / databasePaths.count, to: slots, by: clientsPerPath) {
        sleep(until: pausedAt + .milliseconds(500 * slot))
        databaseAnswers.append(timed(port, "GET", path))
      }
    }
    // Meanwhile, every 100 ms, what does not touch the database, until the last database
    // request is answered (its slot, its deadline and a second more), and no longer.
    let otherAnswers = Answers()
    let otherPaths = ["/healthz", "/static/app.css", "/playlist"]
    let rounds = Int((Self.pausedRequestSeconds + Self.deadline + 1) * 10)
    let otherClient = onThreads(1) { _ in
      for round in 0..<rounds {
        sleep(until: pausedAt + .milliseconds(100 * round))
        for path in otherPaths { otherAnswers.append(timed(port, "GET", path)) }
      }
    }
    let readiness = await onThread { timed(port, "GET", "/readyz") }
    let name = "Stalled Sam"
    // Signed in before the pause: what this instance last read of the session stands while
    // the store cannot say.
    let post = await onThread {
      timed(
        port, "POST", "/players/new",
        headers: app.signedIn([
          ("Content-Type", "application/x-www-form-urlencoded"),
          ("Sec-Fetch-Site", "same-origin"),
        ]),
        body: "name=Stalled+Sam")
    }
    await databaseClients.finished()
    await otherClient.finished()
    pause.release()
    let releasedAt = ContinuousClock.now

    // Every page without data answered at once, all through the pause.
    let others = otherAnswers.all
    #expect(others.count == rounds * otherPaths.count)
    let slowOrFailed = others.filter { $0.status != 200 || $0.seconds >= 0.5 }
    #expect(slowOrFailed.isEmpty, "\(slowOrFailed.map(\.summary))")

    // Every page that reads the database answered 503 within the deadline and a second, saying
    // when to come back and, in words, that the site is busy.
    let answers = databaseAnswers.all
    #expect(answers.count == slots * databasePaths.count)
    #expect(Set(answers.map(\.path)) == Set(databasePaths))
    let notBusy = answers.filter { answer in
      answer.status != 503 || answer.seconds >= Self.deadline + 1
        || answer.retryAfter != "5"
        || Self.readBusyTexts.filter { answer.body.contains($0) }.count != 1
    }
    #expect(notBusy.isEmpty, "\(notBusy.map(\.summary))")

    #expect(readiness.status == 503)
    #expect(readiness.seconds < Self.deadline + 1)
    #expect(readiness.retryAfter == "5")
    #expect(readiness.body == "not ready: the database did not answer\n")

    // The player form posted into the pause: its write started (the write lane was free), so
    // the request waited for it, and the connection's own statement limit (the deadline) ended
    // its first statement unanswered. The form comes back with the name kept and a 503.
    #expect(post.status == 503)
    #expect(post.seconds < Self.deadline + 1)
    #expect(post.body.contains("The player could not be saved just now. Please try again."))
    #expect(post.body.contains(#"value="Stalled Sam""#))
    // Every 503 of the app says when to come back, the form with the name kept too.
    #expect(post.retryAfter == "5")

    // Running again: the next request reconnects and answers (the pool dropped every connection
    // that went unanswered), well within ten seconds.
    var recoveredAfter: Duration?
    while recoveredAfter == nil, releasedAt.duration(to: .now) < .seconds(10) {
      if await onThread({ timed(port, "GET", "/rankings") }).status == 200 {
        recoveredAfter = releasedAt.duration(to: .now)
      } else {
        try await Task.sleep(for: .milliseconds(200))
      }
    }
    #expect(recoveredAfter != nil, "/rankings was not 200 within 10 s of the release")
    #expect(try await app.get("/matches").status == 200)
    // The pipeline dropped its connection at the first deadline and opens another.
    var fortunesBack = false
    while !fortunesBack, releasedAt.duration(to: .now) < .seconds(10) {
      fortunesBack = await onThread({ timed(port, "GET", "/fortunes") }).status == 200
      if !fortunesBack { try await Task.sleep(for: .milliseconds(200)) }
    }
    #expect(fortunesBack, "/fortunes was not 200 within 10 s of the release")
    let ready = try await app.get("/readyz")
    #expect(ready.status == 200)
    #expect(ready.text == "ready\n")

    // What the 503 promised: nothing was stored. The write never got past its first statement
    // (BEGIN, unanswered, or the connection, never made), and the connection it was on was
    // closed, so the server, running again, rolls that transaction back. (A write whose COMMIT
    // was sent before a pause is another case: the server may commit it after the answer said
    // otherwise; this post started after the pause, so that race cannot happen here.)
    #expect(try league.players().map(\.name) == playersBefore)
    // And the name is free: posted again, it is stored.
    let again = try await app.post("/players/new", "name=Stalled+Sam")
    #expect(again.status == 303)
    #expect(try league.players().map(\.name).filter { $0 == name } == [name])
    withExtendedLifetime(stores) {}
  }
}

/// One request's answer and how long it took, connection included.
private struct Answer: Sendable {
  let path: String
  /// 0 when no answer came (the error is in `body`).
  let status: Int
  let seconds: Double
  let retryAfter: String?
  let body: String

  var summary: String {
    "\(path): \(status) after \(String(format: "%.3f", seconds)) s, Retry-After \(retryAfter ?? "none")"
  }
}

/// Answers gathered by several client threads.
private final class Answers: Sendable {
  private let answers = Mutex<[Answer]>([])
  func append(_ answer: Answer) { answers.withLock { $0.append(answer) } }
  var all: [Answer] { answers.withLock { $0 } }
}

/// One request on a new connection, timed from before connecting to the answer's last byte. The
/// raw client, whose reads block the thread they run on: these clients run on threads of their
/// own (`onThreads`, `onThread`), so none waits on Dispatch's threads, which serve the answers.
private func timed(
  _ port: Int, _ method: String, _ path: String, headers: [(String, String)] = [],
  body: String? = nil
) -> Answer {
  let started = ContinuousClock.now
  func seconds() -> Double {
    let (whole, attoseconds) = started.duration(to: .now).components
    return Double(whole) + Double(attoseconds) * 1e-18
  }
  do {
    let response = try TestSupport.TestClient(port: port, timeout: 6).request(
      method, path, headers: headers, body: body)
    return Answer(
      path: path, status: response.status, seconds: seconds(),
      retryAfter: response.header("retry-after"), body: response.text)
  } catch {
    return Answer(path: path, status: 0, seconds: seconds(), retryAfter: nil, body: "\(error)")
  }
}

/// Runs `body(index)` on `count` threads of their own, not Dispatch's: the server answers on
/// Dispatch's threads, and clients blocked in reads there would take them from it.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  return group
}

/// Runs `body` on a thread of its own, as `onThreads`, and returns what it made.
private func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

extension DispatchGroup {
  /// Returns once every thread of the group has left it, without holding a thread meanwhile.
  fileprivate func finished() async {
    await withCheckedContinuation { continuation in
      notify(queue: .global()) { continuation.resume() }
    }
  }
}

private func sleep(until instant: ContinuousClock.Instant) {
  let (seconds, attoseconds) = ContinuousClock.now.duration(to: instant).components
  let left = Double(seconds) + Double(attoseconds) * 1e-18
  if left > 0 { Thread.sleep(forTimeInterval: left) }
}

/// A PostgreSQL server's processes held still with SIGSTOP: the postmaster and every child it
/// has (the backends serving the app's connections, the checkpointer, the WAL writer…).
private final class Pause: Sendable {
  private let stopped = Mutex<[pid_t]>([])

  /// Stops the postmaster first, so it starts no process meanwhile, then its children; returns
  /// once every one of them is stopped.
  func hold(postmaster: pid_t) throws {
    guard kill(postmaster, SIGSTOP) == 0 else {
      throw PauseError("SIGSTOP to the postmaster \(postmaster) failed: errno \(errno)")
    }
    stopped.withLock { $0.append(postmaster) }
    try Self.waitUntilStopped(postmaster)
    let children = Self.children(of: postmaster)
    guard !children.isEmpty else {
      throw PauseError("the postmaster \(postmaster) has no children")
    }
    for child in children where kill(child, SIGSTOP) == 0 {
      // One that failed had ended meanwhile (a backend whose client left).
      stopped.withLock { $0.append(child) }
      try Self.waitUntilStopped(child)
    }
  }

  /// Lets every stopped process run again, the postmaster last. A second call does nothing, so
  /// no signal goes to a process id reused since.
  func release() {
    let held = stopped.withLock { stopped in
      defer { stopped = [] }
      return stopped
    }
    for pid in held.reversed() { kill(pid, SIGCONT) }
  }

  /// The processes whose parent is `parent`, from each one's `/proc/<pid>/stat`.
  static func children(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(pid_t.init).filter { status($0)?.parent == parent }
  }

  /// A process's state letter (`T`: stopped) and parent, from the fields after its name, which
  /// ends with the line's last `)` (the name itself may hold spaces and parentheses).
  static func status(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard
      let line = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let nameEnd = line.lastIndex(of: ")")
    else { return nil }
    let fields = line[line.index(after: nameEnd)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else {
      return nil
    }
    return (state, parent)
  }

  /// SIGSTOP takes effect asynchronously: waits (at most 2 s) until the process shows it.
  private static func waitUntilStopped(_ pid: pid_t) throws {
    for _ in 0..<200 {
      // A process gone meanwhile needs no stopping, nor does one that ended and waits for the
      // stopped postmaster to reap it (`Z`).
      guard let state = status(pid)?.state, state != "T", state != "Z" else { return }
      Thread.sleep(forTimeInterval: 0.01)
    }
    throw PauseError("process \(pid) did not stop")
  }
}

private struct PauseError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
