import ArgumentParser
import MVVMWeb

/// `NAME check`: builds the site as `serve` would, without serving it, on a scratch data
/// folder: every template checked against its view model, every form against its inputs, every
/// route against the others. Every problem at once, as `file:line: message`; exit 1 if any.
struct CheckCommand<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "check",
      abstract: "Check the templates, the forms' inputs and the routes, as serve does at start.")
  }

  @OptionGroup var site: SiteOptions
  @OptionGroup var app: Application

  func run() throws {
    let name = Application.name
    let (context, templates) = try site.checkingContext(app: name)
    let (built, _) = try AppSite.build(app, context, templates: templates)
    print(
      "\(name): \(built.pageCount) page(s) and \(built.routes.count) route(s) are fine "
        + "(templates in \(templates)).")
    // Listed, not refused: each is a value computed for nothing, or one a template should show.
    for output in try built.loadTemplates().unboundOutputs { print(output) }
  }
}
