import MVVMWeb
import Testing

@testable import MVVMWebApp

/// `routes` prints a site's routes as aligned columns.
@Suite struct RouteTableTests {
  @Test func everyRouteIsARowWithItsPageAndLane() throws {
    var site = Site(SiteConfiguration(templatesDirectory: "/nonexistent"))
    site.get(Route("/matches")) { _ in .text("") }
    site.post(Route("/matches/:id/delete", String.self), allowed: .everyone) { _, _ in .text("") }
    #expect(
      RouteTable(site.routes).text == """
        METHOD  PATTERN                  PAGE  LANE
        GET     /static/mvvmweb/live.js  -     -
        GET     /matches                 -     -
        POST    /matches/:id/delete      -     -

        """)
  }
}
