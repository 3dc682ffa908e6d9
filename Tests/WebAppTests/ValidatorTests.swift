import Foundation
import Testing

@testable import MVVMWeb
@testable import WebApp

/// Pages made per request carry a strong validator over their bytes: a client that has the page
/// gets a 304 with no body, and a change to the data changes the tag. (Live pages and the
/// playlist are validated by their data's version instead: `LivePagesTests`.)
@Suite(.timeLimit(.minutes(2))) struct ValidatorTests {
  @Test func aRenderedPageRevalidatesWithA304UntilItsDataChanges() async throws {
    let app = try await AppHarness(demo: true)
    let first = try await app.get("/users/1")
    #expect(first.status == 200 && first.header("Cache-Control") == "no-cache")
    let etag = try #require(first.header("ETag"))
    #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
    #expect(try await app.get("/users/1").header("ETag") == etag)  // The same bytes, the same tag.

    let again = try await app.get("/users/1", headers: [("If-None-Match", etag)])
    #expect(again.status == 304 && again.body.isEmpty)
    #expect(again.header("ETag") == etag && again.header("Content-Length") == nil)
    #expect(again.header("Cache-Control") == "no-cache")
    // Only what a 304 updates: no security headers, which the stored page keeps.
    #expect(
      again.headers.map { $0.0.lowercased() }.sorted()
        == ["cache-control", "date", "etag", "server", "vary", "x-request-id"])
    #expect(try await app.get("/users/1", headers: [("If-None-Match", "W/\(etag)")]).status == 304)

    let gzipped = try await app.get("/users/1", headers: [("Accept-Encoding", "gzip")])
    let gzipTag = try #require(gzipped.header("ETag"))
    #expect(gzipTag != etag && gzipTag.hasSuffix("-gz\""))
    #expect(
      try await app.get(
        "/users/1", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", etag)]
      )
      .status == 200)

    #expect(try await app.post("/users/refresh", "").status == 303)  // A new user 1.
    #expect(
      await app.eventually {
        try await app.get("/users/1", headers: [("If-None-Match", etag)]).status == 200
      })
    let changed = try await app.get("/users/1", headers: [("If-None-Match", etag)])
    #expect(changed.status == 200 && changed.header("ETag") != etag)
  }

  /// The playlist's 304 comes from its data's version, before any page is made.
  @Test func aRevalidationByDataVersionCarriesOnlyWhatItUpdates() async throws {
    let app = try await AppHarness(demo: true)
    let tag = try #require(try await app.get("/playlist").header("ETag"))
    let again = try await app.get("/playlist", headers: [("If-None-Match", tag)])
    #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == tag)
    #expect(
      again.headers.map { $0.0.lowercased() }.sorted()
        == ["cache-control", "date", "etag", "server", "vary", "x-request-id"])
  }

  @Test func answersThatMustNotBeKeptGetNoValidator() async throws {
    let app = try await AppHarness()
    #expect(try await app.get("/no/such/page").header("ETag") == nil)
    #expect(try await app.get("/healthz").header("ETag") == nil)
    let notice = try await app.get("/matches", headers: [("Cookie", "mvvmweb-notice=match-saved")])
    #expect(notice.header("Cache-Control") == "no-store" && notice.header("ETag") == nil)
  }
}

/// The version tag is written byte by byte, not interpolated: it must read as the epoch, the data
/// version and the address hash in sixteen hex digits, and change with the data version.
@Suite struct PageValidatorTagTests {
  @Test func aSignedInViewersPageIsValidatedByItsDataAndWhoIsViewing() async throws {
    let app = try await AppHarness(demo: true, signedIn: nil)
    let ada = try await app.person("Ada")
    let first = try await app.page("/matches", cookie: ada)
    let tag = try #require(first.header("ETag"))
    #expect(first.status == 200 && tag.hasPrefix("W/\""))
    let again = try await app.get(
      "/matches", headers: [("Cookie", ada), ("If-None-Match", tag)], signedOut: true)
    #expect(again.status == 304 && again.body.isEmpty)
    // Ada's tag names Ada's page: someone signed out, or another member, gets their own.
    let signedOut = try await app.get(
      "/matches", headers: [("If-None-Match", tag)], signedOut: true)
    #expect(signedOut.status == 200 && signedOut.header("ETag") != tag)
    let grace = try await app.person("Grace")
    let other = try await app.get(
      "/matches", headers: [("Cookie", grace), ("If-None-Match", tag)], signedOut: true)
    #expect(other.status == 200 && other.header("ETag") != tag)
    // A one-time notice beside the session: the page is made for this request alone.
    let notice = try await app.get(
      "/matches",
      headers: [("Cookie", ada + "; mvvmweb-notice=match-saved"), ("If-None-Match", tag)],
      signedOut: true)
    #expect(notice.status == 200 && notice.header("ETag")?.hasPrefix("W/") != true)
  }

  @Test func theTagIsEpochVersionAndAddressHashInHex() {
    let epoch = PageValidator.epoch
    #expect(
      PageValidator.tag(dataVersion: "v1", addressHash: 0) == #"W/"\#(epoch)-v1-0000000000000000""#)
    #expect(
      PageValidator.tag(dataVersion: "v1", addressHash: 35) == #"W/"\#(epoch)-v1-0000000000000023""#
    )
    #expect(
      PageValidator.tag(dataVersion: "1712345678.25-2048", addressHash: .max)
        == #"W/"\#(epoch)-1712345678.25-2048-ffffffffffffffff""#)
    #expect(
      PageValidator.tag(dataVersion: "league.12-users.3", addressHash: 0xcbf2_9ce4_8422_2325)
        == #"W/"\#(epoch)-league.12-users.3-cbf29ce484222325""#)
    #expect(
      PageValidator.tag(dataVersion: "", addressHash: 0xa) == #"W/"\#(epoch)--000000000000000a""#)
    #expect(
      PageValidator.tag(dataVersion: "v1", addressHash: 7)
        != PageValidator.tag(dataVersion: "v2", addressHash: 7))
  }
}
