import ArgumentParser
import Foundation
import MVVMWeb

/// How an app's site is configured from the folders found and the flags given, alike for
/// `serve`, `check` and a test: an app whose templates hold `error.xhtml` renders its error
/// pages with it, in its layout.
enum AppSite {
  static func configuration(
    templates: String, publicFolder: String, basePath: String = "",
    trustedProxies: TrustedProxies = .loopback, allowedHosts: AllowedHosts = .ownNames,
    metrics: AppMetrics = AppMetrics(), developerMode: Bool = false,
    live: LiveSettings = LiveSettings(), fileCache: FileCache = FileCache()
  ) -> SiteConfiguration {
    SiteConfiguration(
      templatesDirectory: templates, publicDirectory: publicFolder,
      usesErrorTemplate: FileManager.default.fileExists(atPath: templates + "/error.xhtml"),
      basePath: basePath, trustedProxies: trustedProxies, allowedHosts: allowedHosts,
      metrics: metrics, developerMode: developerMode, live: live, fileCache: fileCache)
  }

  /// Builds `app`'s site for `context`; what keeps it from starting is printed for a person
  /// (every template problem at once, paths as given under `templates`), and the command exits 1.
  static func build<Application: App>(
    _ app: Application, _ context: AppContext, templates: String
  ) throws -> (site: Site, website: WebSite) {
    let name = Application.name
    do {
      let site = try app.site(context)
      return (site, try site.build())
    } catch let errors as TemplateErrors {
      printError(
        "\(name): the templates have \(errors.errors.count) problem(s):\n"
          + errors.listing(under: templates))
    } catch let errors as RouteErrors {
      printError("\(name): the routes have \(errors.problems.count) problem(s):\n\(errors)")
    } catch let exit as ExitCode {
      throw exit
    } catch {
      printError("\(name): cannot start: \(error)")
    }
    throw ExitCode.failure
  }
}
