import MVVMWebViewModels
import Synchronization
import TestSupport
import Testing

@testable import MVVMWeb

/// The topic registry without HTTP: streams that keep what they are sent, a render that counts
/// its calls, and changes published by hand.
@Suite(.timeLimit(.minutes(2))) struct LiveHubTests {
  final class KeptStream: LiveStream {
    private let state = Mutex<(text: String, finished: Bool, onEnd: [@Sendable () -> Void])>(
      ("", false, []))

    var text: String { state.withLock { $0.text } }
    var isFinished: Bool { state.withLock { $0.finished } }

    func write(_ bytes: [UInt8]) {
      state.withLock { $0.text += String(decoding: bytes, as: UTF8.self) }
    }

    func onEnd(_ handler: @escaping @Sendable () -> Void) {
      state.withLock { $0.onEnd.append(handler) }
    }

    func finish() {
      state.withLock { $0.finished = true }
      end()
    }

    func end() {
      for handler in state.withLock({ $0.onEnd }) { handler() }
    }
  }

  /// A page whose only live element shows `shown`, counting its renders.
  final class Page: Sendable {
    let shown = Mutex("first")
    let renders = Mutex(0)

    var render: LiveHub.Render {
      { [self] in
        renders.withLock { $0 += 1 }
        return [
          LiveElement(id: "part", html: Array("<p id=\"part\">\(shown.withLock { $0 })</p>".utf8))
        ]
      }
    }
  }

  let changes = ChangeFeed()
  let log = CapturedLog()

  func hub(
    maxStreams: Int = 1000, maxPages: Int = 1000, maxElementBytes: Int = 512 * 1024
  )
    -> LiveHub
  {
    LiveHub(
      settings: LiveSettings(
        maxStreams: maxStreams, maxPages: maxPages, maxElementBytes: maxElementBytes,
        heartbeat: .seconds(3600)),
      changes: changes, metrics: AppMetrics(), logger: log.logger())
  }

  func reserve(_ hub: LiveHub, _ page: Page, key: String = "/page") -> LiveHub.Admission {
    hub.reserve(key, page: "page.xhtml", topics: [ChangeTopic("league")], render: page.render)
  }

  func join(
    _ hub: LiveHub, _ page: Page, _ stream: KeptStream, key: String = "/page",
    lastEventID: String? = nil, session: String? = nil
  ) {
    #expect(reserve(hub, page, key: key) == .admitted)
    hub.join(key, lastEventID: lastEventID, session: session, stream)
  }

  @Test func aHundredViewersCostOneRenderPerChangeAndGetTheSameBytes() {
    let hub = hub()
    let page = Page()
    let streams = (0..<100).map { _ in KeptStream() }
    for stream in streams { join(hub, page, stream) }
    #expect(eventually { streams.allSatisfy { $0.text.contains("first</p>") } })
    #expect(page.renders.withLock { $0 } == 1)

    page.shown.withLock { $0 = "second" }
    changes.publish(ChangeTopic("league"))
    #expect(eventually { streams.allSatisfy { $0.text.contains("second</p>") } })
    #expect(page.renders.withLock { $0 } == 2)
    #expect(Set(streams.map(\.text)).count == 1)
    #expect(
      streams[0].text.hasSuffix("data: part\ndata: <p id=\"part\">second</p>\n\n"))
  }

  @Test func otherTopicsAndUnchangedOutputSendNothing() {
    let hub = hub()
    let page = Page()
    let stream = KeptStream()
    join(hub, page, stream)
    #expect(eventually { stream.text.contains("first</p>") })
    let before = stream.text
    changes.publish(ChangeTopic("users"))  // Not a topic this page reads: not even rendered.
    changes.publish(ChangeTopic("league"))  // Read and rendered, but the same HTML.
    #expect(eventually { page.renders.withLock { $0 } == 2 })
    #expect(stream.text == before)
  }

  @Test func aStreamThatIsUpToDateGetsNothingAndOneBehindGetsThePage() throws {
    let hub = hub()
    let page = Page()
    let first = KeptStream()
    join(hub, page, first)
    #expect(eventually { first.text.contains("first</p>") })
    let idLine = try #require(first.text.split(separator: "\n").first { $0.hasPrefix("id: ") })
    let id = String(idLine.dropFirst(4))
    let current = KeptStream()
    join(hub, page, current, lastEventID: id)
    #expect(current.text == "retry: 2000\n\n")
    let behind = KeptStream()
    join(hub, page, behind, lastEventID: "0-0")
    #expect(behind.text == first.text)
  }

  @Test func endedStreamsGiveTheirPlaceBackAndAnUnfollowedPageIsForgotten() {
    let hub = hub(maxStreams: 2)
    let page = Page()
    let streams = [KeptStream(), KeptStream()]
    for stream in streams { join(hub, page, stream) }
    #expect(reserve(hub, page) == .tooManyStreams)
    #expect(hub.isFollowed("/page"))
    streams.forEach { $0.end() }
    #expect(!hub.isFollowed("/page"))
    #expect(reserve(hub, page) == .admitted && reserve(hub, page) == .admitted)
    #expect(reserve(hub, page) == .tooManyStreams)
  }

  @Test func anEndedSessionClosesItsStreamsOnEveryPageAndNoOtherStream() {
    let hub = hub(maxStreams: 4)
    let page = Page()
    let (mine, mineElsewhere, theirs, signedOut) = (
      KeptStream(), KeptStream(), KeptStream(), KeptStream()
    )
    join(hub, page, mine, session: "aa")
    join(hub, page, mineElsewhere, key: "/other", session: "aa")
    join(hub, page, theirs, session: "bb")
    join(hub, page, signedOut)
    hub.end(.keys(["aa", "cc"]))
    #expect(mine.isFinished && mineElsewhere.isFinished)
    #expect(!theirs.isFinished && !signedOut.isFinished)
    #expect(!hub.isFollowed("/other"))
    // Their places are given back.
    #expect(reserve(hub, page) == .admitted && reserve(hub, page) == .admitted)
    #expect(reserve(hub, page) == .tooManyStreams)

    hub.end(.all)
    #expect(theirs.isFinished && !signedOut.isFinished)
  }

  @Test func pagesBeyondTheCapAreRefusedAndAFollowedOneStillTakesStreams() {
    let hub = hub(maxPages: 2)
    let page = Page()
    let a = KeptStream()
    join(hub, page, a, key: "/a")
    join(hub, page, KeptStream(), key: "/b")
    #expect(reserve(hub, page, key: "/c") == .tooManyPages)
    join(hub, page, KeptStream(), key: "/a")  // A page already followed is no new page.
    a.end()
    #expect(reserve(hub, page, key: "/c") == .tooManyPages)  // "/a" has another stream.
    #expect(hub.isFollowed("/a") && !hub.isFollowed("/c"))
  }

  /// A page grown past the cap is not sent: every viewer gets the `reload` event and its stream
  /// ends (so the browser does not reconnect), the page is logged once, and it is not rendered
  /// for its viewers' changes any more.
  @Test func anElementOverTheCapEndsTheStreamsWithReloadAndIsLoggedOnce() {
    let hub = hub(maxElementBytes: 1000)
    let page = Page()
    let viewer = KeptStream()
    join(hub, page, viewer)
    #expect(eventually { viewer.text.contains("first</p>") })
    let caughtUp = viewer.text
    page.shown.withLock { $0 = String(repeating: "x", count: 1000) }
    changes.publish(ChangeTopic("league"))
    #expect(eventually { viewer.isFinished })
    #expect(viewer.text == caughtUp + "event: reload\ndata: too-large\n\n")
    #expect(log.all.count == 1)
    #expect(
      log.all.first?.contains(
        " warning live page /page (page.xhtml): element #part is 1017 bytes of HTML, over the "
          + "1000-byte limit; its viewers are asked to reload to see changes\n") == true)
    #expect(eventually { !hub.isFollowed("/page") })

    // A reload that opens the stream again (an old script) is told the same, and not logged.
    let again = KeptStream()
    join(hub, page, again)
    #expect(eventually { again.isFinished })
    #expect(again.text == "retry: 2000\n\nevent: reload\ndata: too-large\n\n")
    #expect(page.renders.withLock { $0 } == 3)
    #expect(log.all.count == 1)
  }
}
