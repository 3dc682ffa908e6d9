import Foundation
import MVVMWeb

extension ChangeTopic {
  static let slow = ChangeTopic("slow")
}

/// A live page whose view model reads the store.
@Outputs final class SlowViewModel {
  var title: String { "slow" }
}

enum SlowPage: Page {
  typealias ViewModel = SlowViewModel
  static let template = "slow.xhtml"

  /// A fresh templates folder holding the page's template, for the caller to remove.
  static func templatesFolder() throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "slow-page-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try #"""
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" lang="en">
      <head><title>Slow</title><script src="/static/mvvmweb/live.js" defer="defer"></script></head>
      <body><p id="title" m:live="" m:text="title">Slow</p></body>
    </html>
    """#.write(toFile: directory + "/" + template, atomically: true, encoding: .utf8)
    return directory
  }
}
