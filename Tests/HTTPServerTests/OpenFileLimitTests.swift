import Glibc
import TestSupport
import Testing

@testable import MVVMWebServer

/// `--max-connections` is clamped to what the open-files limit leaves after the server's own
/// descriptors, so connections past it are refused at once instead of waiting unanswered.
@Suite struct OpenFileLimitTests {
  @Test func theConnectionsThatFitLeaveTheReserve() {
    #expect(OpenFileLimit.connections(fitting: 16_384, softLimit: 1024) == 960)
    #expect(OpenFileLimit.connections(fitting: 960, softLimit: 1024) == 960)
    #expect(OpenFileLimit.connections(fitting: 500, softLimit: 1024) == 500)
    #expect(OpenFileLimit.connections(fitting: 1000, softLimit: 64) == 1)
    #expect(OpenFileLimit.connections(fitting: 1000, softLimit: 0) == 1)
    #expect(OpenFileLimit.connections(fitting: Int.max, softLimit: rlim_t.max) == Int.max - 64)
  }

  /// The real limit of this process: the soft limit is raised to the hard one (which other
  /// tests do not mind: they may only open more), and what cannot fit is clamped and said once.
  @Test func moreThanTheHardLimitAllowsIsClampedWithOneNotice() throws {
    var limit = rlimit()
    #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
    let hard = Int(clamping: limit.rlim_max)
    try #require(hard < 1 << 40, "an unlimited hard limit leaves nothing to clamp")
    let log = CapturedLog()
    let asked = hard + 1000
    #expect(OpenFileLimit.connections(fitting: asked, logger: log.logger()) == hard - 64)
    #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
    #expect(limit.rlim_cur == limit.rlim_max)
    #expect(log.all.count == 1)
    #expect(
      log.all.first?.hasSuffix(
        " notice --max-connections \(asked) is more than the open-files limit allows (ulimit -n "
          + "\(hard), hard limit \(hard), 64 kept for the server's own files): serving at most "
          + "\(hard - 64) connections; raise the hard limit (LimitNOFILE= in the systemd unit, or "
          + "ulimit -Hn as root) to allow more\n") == true, "\(log.all)")
    // What fits is served whole, without a word.
    #expect(OpenFileLimit.connections(fitting: 100, logger: log.logger()) == 100)
    #expect(log.all.count == 1)
  }
}
