import MVVMWeb
import Testing

/// The README's examples, as a newcomer would try them: each one is true.
@Suite(.timeLimit(.minutes(2))) struct ReadmeExamplesTests {
  @Test func thePersonPageExample() async throws {
    let app = try await AppHarness()
    let person = try await app.get("/users/1").text
    #expect(person.contains("<h1>Mr. Tariq Rossi</h1>"))
    #expect(person.contains("Born <span>Monday March 7, 1983</span>"))
  }

  @Test func theMemoriesDateHasMemories() async throws {
    let app = try await AppHarness(demo: true)
    let issue = try await app.get("/issues/20260309").text
    #expect(issue.contains("<h1>On this day: Monday, March 9, 2026</h1>"))
    #expect(issue.contains("1 year ago · 2025"))
    #expect(!issue.contains("No memories today"))
  }

  @Test func theExamplePlaylistShowsPaging() async throws {
    let app = try await AppHarness(
      arguments: ["--songs", AppHarness.repository + "/Tests/Fixtures/playlist-250.json"])
    let second = try await app.get("/playlist?page=2").text
    #expect(second.contains(#"<p class="subtitle">Songs 101–200 of 250 · Page 2 of 3</p>"#))
  }
}
