import Foundation
import MVVMWeb
import Testing

@Suite(.timeLimit(.minutes(2))) struct PlaylistPagesTests {
  /// A copy of ../shared/bench/songs.json, the benchmark workload, kept with the tests.
  static let benchSongs = AppHarness.repository + "/Tests/Fixtures/songs.json"

  @Test func benchmarkPlaylistRendersEscapedWithLazyCovers() async throws {
    let app = try await AppHarness(arguments: ["--songs", Self.benchSongs])
    let page = try await app.get("/playlist")
    #expect(page.status == 200)
    #expect(page.text.contains("<title>Playlist · MVVMWeb</title>"))
    #expect(page.text.contains(#"<p class="subtitle">100 songs</p>"#))
    #expect(!page.text.contains(#"class="pager""#))  // One page: no pager.
    #expect(
      page.text.contains(#"<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">"#))
    for path in ["/static/favicon.svg", "/favicon.ico"] {
      let icon = try await app.get(path)
      #expect(icon.status == 200 && icon.header("Content-Type") == "image/svg+xml")
    }
    #expect(page.text.components(separatedBy: "<img class=\"cover\"").count - 1 == 100)
    #expect(
      page.text.contains(#"loading="lazy""#) && page.text.contains(#"width="64" height="64""#))
    #expect(!page.text.contains("<script>alert"))
    #expect(try await app.get("/playlist?page=2").status == 404)
    #expect(try await app.get("/playlist?page=abc").status == 404)
  }

  @Test func tenThousandSongsArePaged() async throws {
    let path = NSTemporaryDirectory() + "songs-\(UUID().uuidString.prefix(6)).json"
    let songs = (1...10_000).map { #"{"title": "T\#($0)", "artist_name": "A", "cover": "/c.jpg"}"# }
    try #"{"result": [\#(songs.joined(separator: ","))]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    let app = try await AppHarness(arguments: ["--songs", path])
    let second = try await app.get("/playlist?page=2")
    #expect(
      second.text.contains(#"<p class="subtitle">Songs 101–200 of 10,000 · Page 2 of 100</p>"#))
    #expect(second.text.components(separatedBy: "Songs 101–200").count == 2)  // Said once.
    // The pager is above and below the table, each with its own name.
    #expect(second.text.components(separatedBy: #"href="/playlist?page=3""#).count == 3)
    #expect(second.text.contains(#"<nav class="pager" aria-label="Pages, above the list">"#))
    #expect(second.text.contains(#"<nav class="pager" aria-label="Pages, below the list">"#))
    #expect(try await app.get("/playlist?page=101").status == 404)
  }

  /// The rows' markup is kept between renders (`Unchanging`): kept for the base path it was
  /// written with, and made again for the new rows when the file changes.
  @Test func keptRowsFollowTheBasePathAndTheFile() async throws {
    let path = NSTemporaryDirectory() + "songs-\(UUID().uuidString.prefix(6)).json"
    func write(_ title: String) throws {
      try #"{"result": [{"title": "\#(title)", "artist_name": "A & B", "cover": "/covers/1.jpg"}]}"#
        .write(toFile: path, atomically: true, encoding: .utf8)
    }
    try write("First")
    let app = try await AppHarness(arguments: ["--songs", path])
    let first = try await app.get("/playlist")
    #expect(first.text.contains("<td>First</td>\n<td class=\"subtitle\">A &amp; B</td>"))
    #expect(first.text.contains(#"src="/covers/1.jpg""#))
    #expect(try await app.get("/playlist").text == first.text)
    let prefixed = try await app.get("/playlist", headers: [("X-Forwarded-Prefix", "/music")])
    #expect(prefixed.text.contains(#"src="/music/covers/1.jpg""#))
    #expect(!prefixed.text.contains(#"src="/covers/1.jpg""#))
    #expect(try await app.get("/playlist").text == first.text)
    // The source is checked at most once a second: wait for the new rows, up to ten seconds.
    try write("Second take")
    var changed = first
    for _ in 0..<50 where !changed.text.contains("Second take") {
      try await Task.sleep(for: .milliseconds(200))
      changed = try await app.get("/playlist")
    }
    #expect(changed.text.contains("<td>Second take</td>\n<td class=\"subtitle\">A &amp; B</td>"))
    #expect(!changed.text.contains("First"))
  }

  @Test func brokenSourceIs503WithTheReason() async throws {
    let path = NSTemporaryDirectory() + "broken-\(UUID().uuidString.prefix(6)).json"
    try #"{"result": [{"title": "A"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
    let app = try await AppHarness(arguments: ["--songs", path])
    let page = try await app.get("/playlist")
    #expect(page.status == 503)
    #expect(
      page.text.contains(
        #"The playlist could not be loaded: song 1: &#34;artist_name&#34; is missing; song 1: &#34;cover&#34; is missing"#
      ))
  }

  @Test func bundledDemoPlaylistWithoutSongsFlag() async throws {
    let app = try await AppHarness()
    let page = try await app.get("/playlist")
    #expect(page.status == 200)
    #expect(page.text.contains("Rock &amp; Roll"))
  }
}

@Suite(.timeLimit(.minutes(2))) struct UsersPagesTests {
  @Test func listPersonAvatarRefreshAndClearCache() async throws {
    let app = try await AppHarness()
    let list = try await app.get("/users")
    #expect(list.status == 200)
    #expect(list.text.contains("<title>Random Users · MVVMWeb</title>"))
    #expect(list.text.components(separatedBy: #"<a href="/users/"#).count - 1 == 100)
    let avatarLink = try #require(
      list.text.firstMatch(of: try Regex(#"src="(/users/1/avatar\.svg\?v=[0-9a-z]+)""#)))
    let avatar = try await app.get(String(avatarLink[1].substring!))
    #expect(avatar.status == 200)
    #expect(avatar.header("Content-Type") == "image/svg+xml")
    #expect(avatar.header("Cache-Control") == "public, max-age=31536000, immutable")
    let etag = try #require(avatar.header("ETag"))
    #expect(
      try await app.get("/users/1/avatar.svg", headers: [("If-None-Match", etag)]).status == 304)

    let person = try await app.get("/users/1")
    #expect(person.status == 200)
    #expect(person.text.contains("<p>Born "))
    #expect(try await app.get("/users/101").status == 404)
    #expect(try await app.get("/users/abc").status == 404)

    // A refresh goes back to the list at once; the new set follows (here without latency).
    let refreshed = try await app.post("/users/refresh", "")
    #expect(refreshed.status == 303 && refreshed.header("Set-Cookie") == nil)
    #expect(refreshed.header("Location") == "/users")
    _ = await app.eventually { try await app.get("/users").text != list.text }
    #expect(try await app.get("/users").text != list.text)
    // Clearing the cache is confirmed once, on the page it leads back to.
    for (action, text) in [
      (
        "/users/clear-cache",
        "The avatar cache was emptied; avatars are drawn again as they are shown"
      )
    ] {
      let done = try await app.post(action, "")
      #expect(done.status == 303)
      let cookie = try #require(done.header("Set-Cookie")?.split(separator: ";").first)
      let shown = try await app.get("/users", headers: [("Cookie", String(cookie))])
      #expect(shown.text.contains(#"<p class="notice" role="status">\#(text)</p>"#))
      #expect(shown.header("Cache-Control") == "no-store")
      #expect(!(try await app.get("/users").text.contains(#"class="notice""#)))
    }
    #expect(
      try await app.post("/users/refresh", "", headers: [("Sec-Fetch-Site", "cross-site")]).status
        == 403)
  }
}
