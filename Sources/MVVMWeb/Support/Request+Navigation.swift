import Foundation
import MVVMWebServer

extension Request {
  /// A path inside the app as the browser must ask for it: with the base path in front.
  public func location(_ path: String) -> String {
    basePath + path
  }

  /// The form fields, after refusing a post from another site.
  public func checkedForm() throws(HTTPError) -> Parameters {
    guard CrossSiteCheck.allows(self) else { throw CrossSiteCheck.refusal }
    return try form()
  }
}

extension Parameters {
  /// The pairs as `(name, value)` tuples, the shape view-model drafts take.
  public var tuples: [(name: String, value: String)] { pairs.map { ($0.name, $0.value) } }
}

/// Builds `?a=1&b=2`, percent-encoding names and values.
public func queryString(_ pairs: [(name: String, value: String)]) -> String {
  guard !pairs.isEmpty else { return "" }
  let encode = SiteLinks.percentEncoded
  return "?" + pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
}
