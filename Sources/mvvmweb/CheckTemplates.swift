import ArgumentParser
import Foundation
import MVVMWebTemplates
import WebApp

/// `mvvmweb check-templates`: load and check every page template, as the server does at start-up.
struct CheckTemplates: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-templates",
    abstract: "Check every template and print all problems as file:line: message.")

  @Option(help: ArgumentHelp("The templates folder.", valueName: "dir"))
  var templates = "Templates"

  func run() throws {
    try requireFolder(templates, "templates", flag: "--templates")
    do {
      let library = try WebApplication.loadTemplates(from: templates)
      print("All \(library.pageCount) templates in \(templates) are fine.")
      // Listed, not refused (the status stays 0): each is a value computed for nothing, or one
      // a template should show.
      for output in library.unboundOutputs { print(output) }
    } catch let error as TemplateErrors {
      printError(
        "\(error.listing(under: templates))\n\(error.errors.count) problem(s) in \(templates).")
      throw ExitCode.failure
    } catch {
      printError("The templates could not be checked: \(error)")
      throw ExitCode.failure
    }
  }
}
