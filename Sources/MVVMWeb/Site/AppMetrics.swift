import CoreMetrics
import MVVMWebServer
import Prometheus

/// The app's metrics in one Prometheus registry: the server's (requests, latency, refusals,
/// connections, streams) and the app's own (render time per page, database errors), served as
/// text at `/metrics`. A class: every request's handlers and store work hold it, and a copy of a
/// reference is one count where a copy of its fields was one for each.
public final class AppMetrics: Sendable {
  /// The registry every metric of the app and its server is kept in; `/metrics` writes it out.
  public let registry: PrometheusCollectorRegistry
  /// The server's counters, kept in the same registry: give it to `ServerConfiguration`.
  public let server: ServerMetrics
  let factory: PrometheusMetricsFactory
  /// Each page's render timer, made once: the registry takes a lock and makes an object for
  /// every ask.
  private let renderTimers = MadeOnce<String, CoreMetrics.Timer>()

  private let liveRenders = MadeOnce<String, CoreMetrics.Counter>()
  private let liveEvents: CoreMetrics.Counter

  /// Metrics kept in `registry` (a new one by default; a test gives its own to read it).
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
    liveEvents = Counter(label: "mvvmweb_live_events_total", factory: factory)
  }

  /// The timer of `page`'s renders, made once: the page's view keeps it, so a render records
  /// its time without looking it up.
  func renderTimer(page: String) -> CoreMetrics.Timer {
    renderTimers.value(for: page) {
      Timer(label: "mvvmweb_render_seconds", dimensions: [("page", page)], factory: factory)
    }
  }

  /// A live page's view model rendered for its open streams (once per change, whatever the
  /// number of viewers).
  func liveRendered(page: String) {
    liveRenders.value(for: page) {
      Counter(label: "mvvmweb_live_renders_total", dimensions: [("page", page)], factory: factory)
    }.increment()
  }

  /// Events written to open streams (one per changed element per stream).
  func liveDelivered(events: Int) {
    liveEvents.increment(by: Int64(events))
  }

  /// A request answered 503 because the store's `lane` (read or write) had no answer in time.
  func storeBusy(lane: String) {
    Counter(label: "mvvmweb_store_busy_total", dimensions: [("lane", lane)], factory: factory)
      .increment()
  }

  func databaseFailed() {
    Counter(label: "mvvmweb_database_errors_total", factory: factory).increment()
  }

  /// The Prometheus text exposition of everything counted so far.
  func exposition() -> [UInt8] { registry.emitToBuffer() }
}
