import Logging
import MVVMWebServer
import Synchronization

/// Log lines kept in memory, as `LineLogHandler` writes them in the chosen format, so tests can
/// assert on exactly what an operator would read.
public final class CapturedLog: Sendable {
  private let lines = Mutex<[String]>([])

  public init() {}

  package func logger(format: LineLogHandler.Format = .text) -> Logger {
    Logger(label: "test") { _ in
      LineLogHandler(format: format, level: .trace) { line in
        self.lines.withLock { $0.append(line) }
      }
    }
  }

  public var all: [String] { lines.withLock { $0 } }
}
