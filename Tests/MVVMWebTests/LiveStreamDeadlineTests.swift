import Foundation
import MVVMWeb
import MVVMWebTesting
import Synchronization
import Testing

extension ChangeTopic {
  static let slow = ChangeTopic("slow")
}

/// A live page whose view model reads the store.
@Outputs final class SlowViewModel {
  var title: String { "slow" }
}

enum SlowPage: Page {
  typealias ViewModel = SlowViewModel
  static let template = "slow.xhtml"
}

/// A stream asked for on a page nobody follows yet first reads the page's view model (it may
/// name nothing). When that read is abandoned at the store's deadline, the stream must not keep
/// the place it would have taken: with one place in all, the next stream gets it.
@Suite(.timeLimit(.minutes(2))) struct LiveStreamDeadlineTests {
  @Test func aStreamWhoseReadCameTooLateTakesNoPlace() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "live-deadline-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try #"""
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" lang="en">
      <head><title>Slow</title><script src="/static/mvvmweb/live.js" defer="defer"></script></head>
      <body><p id="title" m:live="" m:text="title">Slow</p></body>
    </html>
    """#.write(toFile: directory + "/slow.xhtml", atomically: true, encoding: .utf8)

    let gate = DispatchSemaphore(value: 0)
    let reads = Atomic(0)
    var site = Site(
      SiteConfiguration(templatesDirectory: directory, live: LiveSettings(maxStreams: 1)))
    let data = StoreWork(
      // One read thread: the next stream's read runs only once the stuck one has ended.
      executor: StoreExecutor(readers: 1, writers: 1, deadline: .milliseconds(200)),
      metrics: site.configuration.metrics)
    site.page(Route("/slow"), SlowPage.self, store: data, following: [.slow]) { _ in
      // The first read is stuck, as on a stalled database, until the test lets it go.
      if reads.add(1, ordering: .relaxed).newValue == 1 { gate.wait() }
      return SlowViewModel()
    }
    try await site.build().test(.socket) { client in
      let late = try await client.follow("/slow")
      #expect(late.status == 503)
      #expect(late.headers.first { $0.name.lowercased() == "retry-after" }?.value == "5")
      gate.signal()
      // The stuck read ends now (its answer dropped) before this one's starts: had it taken the
      // place, this stream would be refused as one too many.
      let next = try await client.follow("/slow")
      #expect(next.status == 200)
      #expect(try await next.next() == LiveEvent(retry: "2000"))
    }
  }
}
