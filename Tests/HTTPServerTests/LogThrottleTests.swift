import Testing

@testable import MVVMWebServer

@Suite struct LogThrottleTests {
  @Test func aLineAtMostOncePerIntervalCountingTheEventsItStandsFor() {
    var throttle = LogThrottle(every: .seconds(1))
    let start = ContinuousClock.now
    #expect(throttle.admit(now: start) == 1)
    #expect(throttle.admit(now: start + .milliseconds(300)) == nil)
    #expect(throttle.admit(now: start + .milliseconds(900)) == nil)
    #expect(throttle.admit(now: start + .seconds(1)) == 3)
    #expect(throttle.admit(now: start + .milliseconds(1500)) == nil)
  }
}
