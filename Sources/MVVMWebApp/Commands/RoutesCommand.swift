import ArgumentParser
import MVVMWeb

/// `NAME routes`: every route of the site, in the order they are registered: its method, its
/// pattern, the page it renders and the store lane its handler runs on.
struct RoutesCommand<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "routes",
      abstract: "List every route with its method, page and store lane.")
  }

  @OptionGroup var site: SiteOptions
  @OptionGroup var app: Application

  func run() throws {
    let name = Application.name
    let (context, templates) = try site.checkingContext(app: name)
    let (built, _) = try AppSite.build(app, context, templates: templates)
    print(RouteTable(built.routes).text, terminator: "")
  }
}
