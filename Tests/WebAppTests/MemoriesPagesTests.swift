import Foundation
import MVVMWeb
import Testing

@Suite(.timeLimit(.minutes(2))) struct MemoriesPagesTests {
  let app: AppHarness

  init() async throws {
    app = try await AppHarness(demo: true)
  }

  @Test func todayRedirectsToTodaysKeyInTheConfiguredTimeZone() async throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    let response = try await app.get("/issues/today")
    #expect(response.status == 302)
    #expect(
      response.header("Location")
        == String(format: "/issues/%04d%02d%02d", parts.year!, parts.month!, parts.day!))
  }

  @Test func anIssueShowsAlbumsAndEveryKindAcrossTheWeek() async throws {
    var html = ""
    for day in 9...14 { html += try await app.get("/issues/202603\(day)").text }
    #expect(html.contains(" year ago · 2025</h2>") || html.contains(" years ago · "))
    for marker in [
      #"<div class="photos">"#, "Video · ", #"rel="noopener noreferrer""#, "Dinner with ",
      "Eiffel Tower", "Bread Lab", "Share</a>",
    ] {
      #expect(html.contains(marker), "missing \(marker)")
    }
    // The lost photo shows the placeholder.
    #expect(html.contains(#"src="/static/placeholder.svg""#))
    #expect(!html.contains("javascript:"))
  }

  @Test func detailPagesAndTheirBackLink() async throws {
    let page = try await app.get("/issues/20260309").text
    let link = try #require(
      page.firstMatch(
        of: try Regex(
          #"href="(/issues/20260309/items/([a-z0-9-]+)/(location|event|link|interactions))""#)))
    let detail = try await app.get(String(link[1].substring!))
    #expect(detail.status == 200)
    #expect(detail.text.contains(#"href="/issues/20260309#item-\#(link[2].substring!)""#))
    #expect(try await app.get("/issues/20260309/items/nope/location").status == 404)
    #expect(
      try await app.get("/issues/20260309/items/\(link[2].substring!)/teleport").status == 404)
  }

  @Test(arguments: ["20150230", "2015-03-09", "abc", "201503091"])
  func malformedOrImpossibleKeysAre404(key: String) async throws {
    let response = try await app.get("/issues/\(key)")
    #expect(response.status == 404)
    #expect(response.text.contains("an issue&#39;s address is a real date written like 20150309."))
  }

  @Test func mediaIsServedWithImmutableCaching() async throws {
    let image = try await app.get("/media/demo-beach.svg")
    #expect(image.status == 200)
    #expect(image.header("Content-Type") == "image/svg+xml")
    #expect(image.header("Cache-Control") == "public, max-age=31536000, immutable")
    #expect(image.header("ETag") != nil)
    #expect(try await app.get("/media/../mvvmweb.sqlite").status == 404)
    #expect(try await app.get("/media/%2e%2e/mvvmweb.sqlite").status == 404)
  }

  @Test func anEmptyDaySaysSo() async throws {
    let fresh = try await AppHarness(demo: false)
    let page = try await fresh.get("/issues/20150309")
    #expect(page.text.contains("<strong>No memories today</strong>"))
    #expect(page.text.contains("Try again tomorrow!"))
  }
}
