import MVVMWebTemplates
import MVVMWebViewModels
import Synchronization
import TestSupport
import Testing

@testable import MVVMWeb

/// The hub with a live element that has keyed rows: a change sends the rows that changed, made
/// once for all viewers, and a viewer that reconnects catches up with what it missed.
@Suite struct LiveHubRowsTests {
  typealias KeptStream = LiveHubTests.KeptStream

  /// A page whose live element is a list of `rows` then `unchanged` (keys; the text is the key
  /// in capitals, padded so a row op is smaller than the element), counting its renders.
  final class Page: Sendable {
    /// Rows after the ones a test changes, so the element outweighs a few changes' events.
    static let unchanged = (0..<10).map { "z\($0)" }
    let rows = Mutex(["b", "a"])
    let renders = Mutex(0)

    var render: LiveHub.Render {
      { [self] in
        renders.withLock { $0 += 1 }
        return [
          LiveRowsTests.element(
            (rows.withLock { $0 } + Self.unchanged).map {
              "\($0):\($0.uppercased()) \(String(repeating: ".", count: 40))"
            })
        ]
      }
    }
  }

  let changes = ChangeFeed()
  let log = CapturedLog()

  func hub() -> LiveHub {
    LiveHub(
      settings: LiveSettings(
        maxStreams: 1000, maxPages: 1000, maxElementBytes: 512 * 1024, heartbeat: .seconds(3600)),
      changes: changes, metrics: AppMetrics(), logger: log.logger())
  }

  func join(_ hub: LiveHub, _ page: Page, _ stream: KeptStream, lastEventID: String? = nil) {
    #expect(
      hub.reserve("/list", page: "list.xhtml", topics: [ChangeTopic("league")], render: page.render)
        == .admitted)
    hub.join("/list", lastEventID: lastEventID, session: nil, stream)
  }

  func change(_ page: Page, _ rows: [String]) {
    page.rows.withLock { $0 = rows }
    changes.publish(ChangeTopic("league"))
  }

  static func lastID(_ text: String) -> String? {
    text.split(separator: "\n").last { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
  }

  @Test func aChangeSendsItsRowsOnceMadeTheSameBytesForEveryViewer() {
    let hub = hub()
    let page = Page()
    let streams = (0..<50).map { _ in KeptStream() }
    for stream in streams { join(hub, page, stream) }
    #expect(eventually { streams.allSatisfy { $0.text.contains("data: <ul id=\"l\">") } })
    let before = streams[0].text
    change(page, ["c", "b", "a"])
    #expect(eventually { streams.allSatisfy { $0.text.count > before.count } })
    #expect(page.renders.withLock { $0 } == 2)
    #expect(Set(streams.map(\.text)).count == 1)
    let event = String(streams[0].text.dropFirst(before.count))
    #expect(event.hasPrefix("id: "))
    #expect(
      event.hasSuffix(
        "\nevent: rows\ndata: l\ndata: [[\"add\",\"c\",null,\"<li data-key=\\\"c\\\">C "
          + String(repeating: ".", count: 40) + "</li>\"]]\n\n"))
    // The whole element is not sent again.
    #expect(!event.contains("<ul"))
  }

  @Test func aViewerBackFromAGapGetsTheRowsItMissedOrTheElementWhenTheyAreGone() throws {
    let hub = hub()
    let page = Page()
    let first = KeptStream()
    join(hub, page, first)
    #expect(eventually { first.text.contains("data: <ul id=\"l\">") })
    let gapStart = try #require(Self.lastID(first.text))
    let caughtUp = first.text
    change(page, ["c", "b", "a"])
    #expect(eventually { first.text.count > caughtUp.count })
    let afterOne = first.text
    change(page, ["c", "a"])
    #expect(eventually { first.text.count > afterOne.count })
    let missed = String(first.text.dropFirst(caughtUp.count))
    #expect(missed.components(separatedBy: "event: rows").count == 3)

    // Back from the gap: exactly the two events it missed, the same bytes.
    let back = KeptStream()
    join(hub, page, back, lastEventID: gapStart)
    #expect(back.text == "retry: 2000\n\n" + missed)
    // Up to date: nothing.
    let current = KeptStream()
    join(hub, page, current, lastEventID: Self.lastID(first.text))
    #expect(current.text == "retry: 2000\n\n")
    // From nowhere the hub knows: the whole element as it is now.
    let lost = KeptStream()
    join(hub, page, lost, lastEventID: "0-0")
    #expect(lost.text.contains("data: <ul id=\"l\"><li data-key=\"c\">"))
    #expect(!lost.text.contains("event: rows"))

    // Beyond the versions the hub keeps, a gap gets the element too.
    for round in 0..<(LiveHub.recentVersions + 1) {
      let seen = first.text
      change(page, round % 2 == 0 ? ["a", "c"] : ["c", "a"])
      #expect(eventually { first.text.count > seen.count })
    }
    let late = KeptStream()
    join(hub, page, late, lastEventID: gapStart)
    #expect(late.text.contains("data: <ul id=\"l\">"))
    #expect(!late.text.contains("event: rows"))
  }

  @Test func aRepeatedKeyIsLoggedAndTheElementSent() {
    let hub = hub()
    let page = Page()
    let stream = KeptStream()
    join(hub, page, stream)
    #expect(eventually { stream.text.contains("data: <ul id=\"l\">") })
    let before = stream.text
    change(page, ["b", "a", "b"])
    #expect(eventually { stream.text.count > before.count })
    let event = String(stream.text.dropFirst(before.count))
    #expect(!event.contains("event: rows") && event.contains("data: <ul id=\"l\">"))
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("two rows with the key \"b\"") == true)
  }
}
