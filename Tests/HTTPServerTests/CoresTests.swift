import Foundation
import Testing

@testable import MVVMWebServer

/// How many threads serve the sockets: the cores the process may run on.
@Suite struct CoresTests {
  @Test(arguments: [
    ("3", 2), ("1", 1), ("\t00000000,00000004", 1), ("ff,ffffffff", 40), ("f0f0 ", 8),
  ])
  func anAffinityMaskCountsItsCores(mask: String, cores: Int) {
    #expect(Cores.count(inMask: Substring(mask)) == cores)
  }

  @Test(arguments: ["0", "", "00,00000000", "3g", "-1", "0x3"])
  func aMaskOfNoCoresOrNotAMaskCountsNone(mask: String) {
    #expect(Cores.count(inMask: Substring(mask)) == nil)
  }

  /// As many as `nproc` says (which reads the affinity), and never more than Foundation counts.
  @Test func theAvailableCoresAreTheAffinitys() throws {
    let nproc = Process()
    nproc.executableURL = URL(fileURLWithPath: "/usr/bin/nproc")
    nproc.environment = [:]  // OMP_NUM_THREADS would change its count.
    let output = Pipe()
    nproc.standardOutput = output
    try nproc.run()
    nproc.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let cores = try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Cores.available == min(cores, ProcessInfo.processInfo.activeProcessorCount))
  }
}
