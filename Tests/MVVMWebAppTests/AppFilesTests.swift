import Testing

@testable import MVVMWebApp

/// Where an app finds its `Templates` and `Public` when no flag names them.
@Suite struct AppFilesTests {
  @Test func theExecutablesFolderThenItsPackageThenTheWorkingDirectory() {
    let files = AppFiles(
      executableFolder: "/src/shop/.build/x86_64-unknown-linux-gnu/debug", workingDirectory: "/tmp")
    #expect(
      files.candidates("Templates") == [
        "/src/shop/.build/x86_64-unknown-linux-gnu/debug/Templates", "/src/shop/Templates",
        "/tmp/Templates",
      ])
  }

  @Test func aShippedExecutableLooksBesideItselfAndWhereItRuns() {
    let files = AppFiles(executableFolder: "/opt/shop", workingDirectory: "/opt/shop")
    #expect(files.candidates("Public") == ["/opt/shop/Public"])
  }

  @Test(
    arguments: [
      ("/src/shop/.build/debug", "/src/shop"), ("/.build/release", "/"),
      ("/opt/shop", nil), ("/src/.build-other/debug", nil),
    ] as [(String, String?)])
  func thePackageIsTheFolderThatHoldsBuild(folder: String, package: String?) {
    #expect(AppFiles.package(holding: folder) == package)
  }
}
