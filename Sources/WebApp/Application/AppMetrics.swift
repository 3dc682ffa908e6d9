import CoreMetrics
import HTTPServer
import Prometheus
import Synchronization

/// The app's metrics in one Prometheus registry: the server's (requests, latency, refusals,
/// connections, streams) and the app's own (render time per page, database errors), served as
/// text at `/metrics`.
public struct AppMetrics: Sendable {
  public let registry: PrometheusCollectorRegistry
  /// The server's counters, kept in the same registry: give it to `ServerConfiguration`.
  public let server: ServerMetrics
  let factory: PrometheusMetricsFactory
  /// Each page's render timer, made once: asking the registry for it on every render cost more
  /// than 1% of the playlist page's instructions.
  private let renderTimers = RenderTimers()

  public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
    var factory = PrometheusMetricsFactory(registry: registry)
    // Pages take tens of microseconds to a few milliseconds: the default buckets (5 ms to 10 s)
    // would put every request in the first one.
    factory.defaultDurationHistogramBuckets = [
      .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
      .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
      .seconds(5),
    ]
    self.factory = factory
    server = ServerMetrics(factory: factory)
  }

  func rendered(page: String, duration: Duration) {
    let timer = renderTimers.timers.withLock { timers in
      if let timer = timers[page] { return timer }
      let timer = Timer(
        label: "mvvmweb_render_seconds", dimensions: [("page", page)], factory: factory)
      timers[page] = timer
      return timer
    }
    timer.record(duration: duration)
  }

  func databaseFailed() {
    Counter(label: "mvvmweb_database_errors_total", factory: factory).increment()
  }

  /// The Prometheus text exposition of everything counted so far.
  func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// The render timers by page, shared by every copy of the app's metrics.
private final class RenderTimers: Sendable {
  let timers = Mutex<[String: CoreMetrics.Timer]>([:])
}
