/// How a site is served, apart from how the server listens: where its templates and static
/// files are, the proxy and host rules, metrics, development mode and live pages.
public struct SiteConfiguration: Sendable {
  /// The folder of the page templates (`Templates`).
  public var templatesDirectory: String
  /// The folder served under `/static/` (`Public`).
  public var publicDirectory: String
  /// Whether error pages (404, 422, 503…) render the site's `error.xhtml` (`ErrorPage`), in its
  /// layout; false answers them with a plain built-in page.
  public var usesErrorTemplate: Bool
  /// A path prefix every link, form action and redirect carries (`/league`), when a proxy serves
  /// the site below its root without sending `X-Forwarded-Prefix`.
  public var basePath: String
  /// The proxies whose forwarding headers are believed.
  public var trustedProxies: TrustedProxies
  /// The host names browsers may ask for (DNS rebinding protection). By default the site's own,
  /// from the address it is served at (`AllowedHosts.ownNames`): on loopback its names, on a
  /// unix socket any; on another address the site must be given them.
  public var allowedHosts: AllowedHosts
  /// Where the site counts for `/metrics`; give its `server` part to the server too.
  public var metrics: AppMetrics
  /// Templates are loaded again when they change, and a failing handler or a broken template
  /// shows a page with the error, the route and `file:line`.
  public var developerMode: Bool
  /// Live pages' streams: their cap, heartbeat and reconnect hint.
  public var live: LiveSettings
  /// Where the site's static files (and an app's other folders served through it) are kept in
  /// memory, within one byte budget (64 MiB by default).
  public var fileCache: FileCache

  /// A site with its templates in `templatesDirectory` and static files in `publicDirectory`.
  public init(
    templatesDirectory: String = "Templates", publicDirectory: String = "Public",
    usesErrorTemplate: Bool = false, basePath: String = "",
    trustedProxies: TrustedProxies = .loopback, allowedHosts: AllowedHosts = .ownNames,
    metrics: AppMetrics = AppMetrics(), developerMode: Bool = false,
    live: LiveSettings = LiveSettings(), fileCache: FileCache = FileCache()
  ) {
    self.templatesDirectory = templatesDirectory
    self.publicDirectory = publicDirectory
    self.usesErrorTemplate = usesErrorTemplate
    self.basePath = basePath
    self.trustedProxies = trustedProxies
    self.allowedHosts = allowedHosts
    self.metrics = metrics
    self.developerMode = developerMode
    self.live = live
    self.fileCache = fileCache
  }
}
