/// The checks `Site.build()` makes of the routes together: no two that match the same addresses
/// (the router would keep one and drop the other without a word), and no two that name one
/// segment two ways (the router's tree has one name per place, so one of them would get
/// nothing).
enum RouteChecks {
  /// What is wrong among `routes`, a line each, at the later route's declaration.
  static func problems(_ routes: [SiteRoute]) -> [String] {
    var problems: [String] = []
    for (index, route) in routes.enumerated() {
      for earlier in routes[..<index] {
        if let problem = problem(route, earlier) { problems.append(problem) }
      }
    }
    return problems
  }

  private static func problem(_ route: SiteRoute, _ earlier: SiteRoute) -> String? {
    if route.method == earlier.method, route.shape == earlier.shape {
      let same =
        route.pattern == earlier.pattern
        ? "is registered twice" : "and \(earlier.pattern) match the same addresses"
      return "\(route.declaredAt): \(route.method) \(route.pattern) \(same) (also at "
        + "\(earlier.declaredAt)): keep one"
    }
    for (mine, theirs) in zip(route.segments, earlier.segments) {
      let shared = mine.first == theirs.first && (mine.first == ":" || mine.first == "*")
      guard shared || mine == theirs else { return nil }
      if shared, mine != theirs {
        return "\(route.declaredAt): \(route.pattern) names a segment \(mine) where "
          + "\(earlier.pattern) (at \(earlier.declaredAt)) names it \(theirs): give it one name"
      }
    }
    return nil
  }
}
