import Foundation
import MVVMWeb
import Testing

/// `build()` refuses routes the router could not keep apart, each at its declaration's
/// `file:line`: two that match the same addresses, and two that name one segment two ways.
@Suite struct RouteChecksTests {
  static let person = Route("/users/:id", Int.self)
  static let edit = Route("/users/:name/edit", String.self)
  static let sameShape = Route("/users/:key", String.self)
  static let refresh = Route("/users/refresh")
  static let files = Route("/files/*path", String.self)
  static let otherFiles = Route("/files/*rest", String.self)

  /// What `build()` says of a site with `register`'s routes: nil when it builds.
  func problems(_ register: (inout Site) -> Void) -> String? {
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    register(&site)
    do {
      _ = try site.build()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func twoNamesForOneSegmentAreRefusedInEitherOrder() {
    #expect(
      problems { site in
        site.get(Self.person) { _, _ in .text("person") }
        site.get(Self.edit) { _, _ in .text("edit") }
      }
        == "MVVMWebTests/RouteChecksTests.swift:9: /users/:name/edit names a segment :name where "
        + "/users/:id (at MVVMWebTests/RouteChecksTests.swift:8) names it :id: give it one name")
    #expect(
      problems { site in
        site.get(Self.edit) { _, _ in .text("edit") }
        site.get(Self.person) { _, _ in .text("person") }
      }
        == "MVVMWebTests/RouteChecksTests.swift:8: /users/:id names a segment :id where "
        + "/users/:name/edit (at MVVMWebTests/RouteChecksTests.swift:9) names it :name: give it "
        + "one name")
  }

  @Test func twoRoutesOfOneShapeAndMethodAreRefused() {
    #expect(
      problems { site in
        site.get(Self.person) { _, _ in .text("person") }
        site.get(Self.sameShape) { _, _ in .text("key") }
      }?.hasPrefix(
        "MVVMWebTests/RouteChecksTests.swift:10: GET /users/:key and /users/:id match the same "
          + "addresses (also at MVVMWebTests/RouteChecksTests.swift:8): keep one") == true)
    #expect(
      problems { site in
        site.get(Self.files) { _, _ in .text("a") }
        site.post(Self.otherFiles, allowed: .everyone) { _, _ in .text("b") }
      }?.contains("names a segment *rest where /files/*path") == true)
  }

  @Test func aRouteRegisteredTwiceIsRefused() {
    #expect(
      problems { site in
        site.get(Self.refresh) { _ in .text("a") }
        site.get(Self.refresh) { _ in .text("b") }
      }
        == "MVVMWebTests/RouteChecksTests.swift:11: GET /users/refresh is registered twice (also "
        + "at MVVMWebTests/RouteChecksTests.swift:11): keep one")
  }

  @Test func aLiteralBesideAParameterAndOneRouteForTwoMethodsBuild() throws {
    #expect(
      problems { site in
        site.get(Self.person) { _, _ in .text("person") }
        site.post(Self.refresh, allowed: .everyone) { _ in .text("refreshed") }
        site.post(Self.person, allowed: .everyone) { _, _ in .text("posted") }
        site.get(Self.files) { _, _ in .text("file") }
      } == nil)
  }
}
