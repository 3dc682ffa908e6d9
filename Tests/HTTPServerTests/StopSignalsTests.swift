import Foundation
import Testing

@testable import MVVMWebServer

@Suite struct StopSignalsTests {
  /// A signal sent the moment they are made, before anyone waits, is kept for the wait: the
  /// server stops however soon it is told to. (With Dispatch's signal sources this signal was
  /// dropped while they registered; here the process would die of the default action, failing
  /// the run, were the handler not the kernel's yet.)
  @Test func aSignalBeforeTheWaitIsKept() throws {
    let signals = try StopSignals()
    kill(getpid(), SIGTERM)
    let waited = DispatchSemaphore(value: 0)
    Thread {
      signals.wait()
      waited.signal()
    }.start()
    #expect(waited.wait(timeout: .now() + 10) == .success)
  }
}
