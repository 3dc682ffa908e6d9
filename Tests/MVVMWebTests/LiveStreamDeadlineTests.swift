import Foundation
import MVVMWeb
import MVVMWebTesting
import Synchronization
import Testing

/// A stream asked for on a page nobody follows yet first reads the page's view model (it may
/// name nothing). When that read is abandoned at the store's deadline, the stream must not keep
/// the place it would have taken: with one place in all, the next stream gets it.
@Suite(.timeLimit(.minutes(2))) struct LiveStreamDeadlineTests {
  @Test func aStreamWhoseReadCameTooLateTakesNoPlace() async throws {
    let directory = try SlowPage.templatesFolder()
    defer { try? FileManager.default.removeItem(atPath: directory) }

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
