import Foundation
import MVVMWeb
import Testing

/// `serve --dev`: templates follow their files without a restart, and what is broken is shown.
@Suite(.timeLimit(.minutes(2))) struct DevModeTests {
  @Test func anEditedTemplateShowsOnTheNextRequestAndABrokenOneSaysWhereItIsBroken() async throws {
    let templates = NSTemporaryDirectory() + "mvvmweb-dev-\(UUID().uuidString.prefix(8))"
    try FileManager.default.copyItem(
      atPath: AppHarness.repository + "/Templates", toPath: templates)
    defer { try? FileManager.default.removeItem(atPath: templates) }
    let app = try await AppHarness {
      $0.developerMode = true
      $0.templatesDirectory = templates
    }
    let file = templates + "/player-form.xhtml"
    let original = try String(contentsOfFile: file, encoding: .utf8)
    #expect(try await app.get("/players/new").text.contains("<h1>New Player</h1>"))

    try original.replacingOccurrences(of: "<h1 m:text=\"title\">", with: "<h1 m:text=\"titel\">")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let broken = try await app.get("/players/new")
    #expect(broken.status == 500)
    #expect(broken.header("Cache-Control") == "no-store")
    #expect(
      broken.text.contains(
        "<pre>\(templates)/player-form.xhtml:8: the view model has no output named &#34;titel&#34; (expected text)</pre>"
      ))

    try original.replacingOccurrences(
      of: "<label for=\"name\">Name</label>", with: "<label for=\"name\">Player name</label>"
    ).write(toFile: file, atomically: true, encoding: .utf8)
    let edited = try await app.get("/players/new")
    #expect(edited.status == 200)
    #expect(edited.text.contains("<label for=\"name\">Player name</label>"))
  }
}
