import MVVM
import Synchronization
import TestSupport
import Testing

@testable import WebApp

/// The topic registry without HTTP: streams that keep what they are sent, a render that counts
/// its calls, and changes published by hand.
@Suite struct LiveHubTests {
  final class KeptStream: LiveStream {
    private let state = Mutex<(text: String, onEnd: [@Sendable () -> Void])>(("", []))

    var text: String { state.withLock { $0.text } }

    func write(_ bytes: [UInt8]) {
      state.withLock { $0.text += String(decoding: bytes, as: UTF8.self) }
    }

    func onEnd(_ handler: @escaping @Sendable () -> Void) {
      state.withLock { $0.onEnd.append(handler) }
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

  func hub(maxStreams: Int = 1000) -> LiveHub {
    LiveHub(
      settings: LiveSettings(maxStreams: maxStreams, heartbeat: .seconds(3600)), changes: changes,
      metrics: AppMetrics())
  }

  func join(_ hub: LiveHub, _ page: Page, _ stream: KeptStream, lastEventID: String? = nil) {
    #expect(hub.reserve())
    hub.join(
      "/page", page: "page.xhtml", topics: [.league], lastEventID: lastEventID,
      render: page.render, stream)
  }

  @Test func aHundredViewersCostOneRenderPerChangeAndGetTheSameBytes() {
    let hub = hub()
    let page = Page()
    let streams = (0..<100).map { _ in KeptStream() }
    for stream in streams { join(hub, page, stream) }
    #expect(eventually { streams.allSatisfy { $0.text.contains("first</p>") } })
    #expect(page.renders.withLock { $0 } == 1)

    page.shown.withLock { $0 = "second" }
    changes.publish(.league)
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
    changes.publish(.users)  // Not a topic this page reads: not even rendered.
    changes.publish(.league)  // Read and rendered, but the same HTML.
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
    #expect(!hub.reserve())
    #expect(hub.isFollowed("/page"))
    streams.forEach { $0.end() }
    #expect(!hub.isFollowed("/page"))
    #expect(hub.reserve() && hub.reserve() && !hub.reserve())
  }
}
