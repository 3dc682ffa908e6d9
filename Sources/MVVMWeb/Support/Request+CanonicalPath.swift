import Foundation
import MVVMWebServer
import MVVMWebViewModels

extension Request {
  /// The address the site's own links print for this request's page, with its base path: the
  /// path's segments decoded (as the router reads them), empty ones dropped, ids in the one
  /// format (lowercase UUID text), and each segment encoded as links encode one. So
  /// `//matches/AB…/edit/`, `/matches/%61b…/edit` and `/matches/ab…/edit` are one page; the query
  /// is not part of it.
  var canonicalPath: String {
    let segments = pathSegments.map { segment in
      SiteLinks.encodedSegment(UUID(text: segment)?.lowercasedText ?? segment)
    }
    return basePath + "/" + segments.joined(separator: "/")
  }
}
