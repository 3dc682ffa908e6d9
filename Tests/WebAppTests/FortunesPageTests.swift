import Foundation
import MVVMWeb
import TestSupport
import Testing

/// TechEmpower's Fortunes page through the real server, on both stores.
@Suite(.timeLimit(.minutes(2))) struct FortunesPageTests {
  /// Every byte of the page: TechEmpower's markup with nothing between the tags but the line
  /// break our serializer writes after the DOCTYPE, the messages escaped (`<`, `>`, and quotes
  /// as `&#34;` and `&#39;`, which TechEmpower's validator reads as `&quot;` and `&#39;`) and the
  /// UTF-8 kept as it is.
  static let expectedPage =
    "<!DOCTYPE html>\n<html><head><title>Fortunes</title></head><body><table>"
    + "<tr><th>id</th><th>message</th></tr>"
    + "<tr><td>11</td><td>&lt;script&gt;alert(&#34;This should not be displayed in a browser "
    + "alert box.&#34;);&lt;/script&gt;</td></tr>"
    + "<tr><td>4</td><td>A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1</td></tr>"
    + "<tr><td>5</td><td>A computer program does what you tell it to do, not what you want it to "
    + "do.</td></tr>"
    + "<tr><td>2</td><td>A computer scientist is someone who fixes things that aren&#39;t "
    + "broken.</td></tr>"
    + "<tr><td>8</td><td>A list is only as strong as its weakest link. \u{2014} Donald Knuth</td></tr>"
    + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>"
    + "<tr><td>3</td><td>After enough decimal places, nobody gives a damn.</td></tr>"
    + "<tr><td>7</td><td>Any program that runs right is obsolete.</td></tr>"
    + "<tr><td>10</td><td>Computers make very fast, very accurate mistakes.</td></tr>"
    + "<tr><td>6</td><td>Emacs is a nice operating system, but I prefer UNIX. \u{2014} Tom "
    + "Christaensen</td></tr>"
    + "<tr><td>9</td><td>Feature: A bug with seniority.</td></tr>"
    + "<tr><td>1</td><td>fortune: No such file or directory</td></tr>"
    + "<tr><td>12</td><td>\u{30D5}\u{30EC}\u{30FC}\u{30E0}\u{30EF}\u{30FC}\u{30AF}\u{306E}"
    + "\u{30D9}\u{30F3}\u{30C1}\u{30DE}\u{30FC}\u{30AF}</td></tr>"
    + "</table></body></html>"

  @Test func thePageFromSQLiteIsTechEmpowersByteForByte() async throws {
    let app = try await AppHarness()
    let page = try await app.get("/fortunes")
    #expect(page.status == 200)
    // As text, for a readable difference: bytes that are not UTF-8 would decode to U+FFFD,
    // which the expected page does not hold, so equal text is equal bytes.
    #expect(page.text == Self.expectedPage)
    #expect(page.header("Content-Type") == "text/html; charset=utf-8")
    #expect(page.header("Content-Length") == String(Self.expectedPage.utf8.count))
    #expect(page.header("Date") != nil && page.header("Server") != nil)
    // Made for every request, never kept nor revalidated.
    #expect(page.header("Cache-Control") == "no-store")
    #expect(page.header("ETag") == nil)
  }

  @Test func thePageFromPostgreSQLIsTheSame() async throws {
    let url = try PostgresTestServer.shared.get().freshDatabase()
    let app = try await AppHarness(store: .init(deadline: .seconds(3), database: url))
    let page = try await app.get("/fortunes")
    #expect(page.status == 200)
    #expect(page.text == Self.expectedPage)
    // Many at once, so the pipeline sends several requests' queries in one turn: each request
    // gets the whole page, made from its own query's rows.
    let pages = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for _ in 0..<64 {
        group.addTask {
          let page = try await app.get("/fortunes")
          return (page.status, page.text)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(pages.count == 64)
    #expect(pages.allSatisfy { $0.0 == 200 && $0.1 == Self.expectedPage })
  }

  /// A client that accepts gzip gets the same plain bytes (the page is large enough that any
  /// other page would be compressed), and an old tag gets the page, not a 304.
  @Test func neitherCompressedNorRevalidated() async throws {
    let app = try await AppHarness()
    let gzipAccepted = try await app.get("/fortunes", headers: [("Accept-Encoding", "gzip")])
    #expect(gzipAccepted.status == 200)
    #expect(gzipAccepted.header("Content-Encoding") == nil)
    #expect(gzipAccepted.header("Vary") == nil)
    #expect(gzipAccepted.text == Self.expectedPage)
    #expect(Self.expectedPage.utf8.count > 1024)
    let revalidated = try await app.get("/fortunes", headers: [("If-None-Match", "\"anything\"")])
    #expect(revalidated.status == 200)
    #expect(revalidated.text == Self.expectedPage)
  }
}
