import CoreMetrics
import Synchronization

/// What the server counts, through swift-metrics, so the app chooses the backend (Prometheus for
/// `/metrics`) and tests read their own: requests by route pattern and status, their latency,
/// refusals, open connections and open streams.
public final class ServerMetrics: Sendable {
  let factory: any MetricsFactory
  private let connections: Gauge
  private let streams: Gauge
  private let openStreams = Mutex<Int>(0)
  private let perRoute = MadeOnce<RouteStatus, (CoreMetrics.Counter, CoreMetrics.Timer)>()
  private let refusals = MadeOnce<Int, CoreMetrics.Counter>()

  private struct RouteStatus: Hashable, Sendable {
    var route: String
    var status: Int
  }

  /// Metrics made by `factory`: a Prometheus registry's (see `AppMetrics.server`), or a test's.
  public init(factory: any MetricsFactory) {
    self.factory = factory
    connections = Gauge(label: "http_open_connections", factory: factory)
    streams = Gauge(label: "http_open_streams", factory: factory)
  }

  /// One answered request. `route` is the pattern that matched (`/matches/:id/edit`), never the
  /// path, so a scan of random paths cannot grow the metrics.
  func served(route: String?, status: Int, nanoseconds: UInt64) {
    let key = RouteStatus(route: route ?? "unmatched", status: status)
    let (counter, timer) = perRoute.value(for: key) {
      (
        Counter(
          label: "http_requests_total",
          dimensions: [("route", key.route), ("status", String(status))], factory: factory),
        Timer(
          label: "http_request_duration_seconds", dimensions: [("route", key.route)],
          factory: factory)
      )
    }
    counter.increment()
    timer.recordNanoseconds(Int64(clamping: nanoseconds))
  }

  /// A request refused before the app saw it (400, 408, 413, 414, 431, 501, 503).
  func refused(status: Int) {
    refusals.value(for: status) {
      Counter(
        label: "http_refused_total", dimensions: [("status", String(status))], factory: factory)
    }.increment()
  }

  func openConnections(_ count: Int) { connections.record(count) }

  /// The stream count changes and reaches the gauge under one lock, in order.
  func streamOpened() { changeStreams(by: 1) }
  func streamClosed() { changeStreams(by: -1) }

  private func changeStreams(by change: Int) {
    openStreams.withLock { count in
      count += change
      streams.record(count)
    }
  }
}

extension CoreMetrics.Timer {
  /// Records `duration`, clamped to 0 through about 285 years, so no duration can overflow the
  /// nanoseconds swift-metrics counts in.
  public func record(duration: Duration) {
    let (seconds, attoseconds) = duration.components
    // Clamped: a duration is never negative, and no request lasts 290 years.
    let nanoseconds =
      min(max(seconds, 0), 9_000_000_000) * 1_000_000_000 + max(attoseconds, 0) / 1_000_000_000
    recordNanoseconds(nanoseconds)
  }
}
