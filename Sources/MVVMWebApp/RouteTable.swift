import MVVMWeb

/// A site's routes as aligned columns, for `routes`: method, pattern, page and lane, with `-`
/// where a route has none.
struct RouteTable {
  let routes: [SiteRoute]

  init(_ routes: [SiteRoute]) {
    self.routes = routes
  }

  var text: String {
    let rows =
      [["METHOD", "PATTERN", "PAGE", "LANE"]]
      + routes.map { route in
        [route.method.rawValue, route.pattern, route.page ?? "-", route.lane?.rawValue ?? "-"]
      }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      zip(row, widths).enumerated().map { column, cell in
        column == 3 ? cell.0 : cell.0 + String(repeating: " ", count: cell.1 - cell.0.count + 2)
      }.joined() + "\n"
    }.joined()
  }
}
