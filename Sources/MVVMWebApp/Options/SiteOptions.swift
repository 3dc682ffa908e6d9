import ArgumentParser
import Foundation
import MVVMWeb

/// How the site is served, apart from where it listens: its folders, the proxy and host rules,
/// and development mode.
struct SiteOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The templates folder (default: Templates beside the executable, else in the package it was built in, else in the working directory).",
      valueName: "dir"))
  var templates: String?

  @Option(
    name: .customLong("public"),
    help: ArgumentHelp(
      "The static files folder, served under /static/ (default: Public, found as Templates is).",
      valueName: "dir"))
  var publicDirectory: String?

  @Option(
    name: .customLong("base-path"),
    help: ArgumentHelp(
      "A path prefix for every link, form and redirect (e.g. /league), when a proxy serves the app below its root without sending X-Forwarded-Prefix.",
      valueName: "path"))
  var basePath = ""

  @Option(
    name: .customLong("trusted-proxy"),
    help: ArgumentHelp(
      "A proxy whose X-Forwarded-* and Forwarded headers are believed: a CIDR, an address or 'unix'; repeat or separate with commas (default: 127.0.0.0/8, ::1 and unix).",
      valueName: "cidr"))
  var trustedProxy: [String] = []

  @Option(
    name: .customLong("allowed-hosts"),
    help: ArgumentHelp(
      "Host names browsers may use to reach the app (example.com, .example.com for its subdomains too, or *); repeat or separate with commas. Required unless listening on loopback, where the loopback's own names (localhost, 127.0.0.1, [::1]) and --host are allowed, or on a unix socket, where any host is.",
      valueName: "names"))
  var allowedHosts: [String] = []

  @Flag(
    help:
      "Development: reload templates when they change, and show errors (with the route and template file:line) in the browser. Loopback only."
  )
  var dev = false

  func validate() throws {
    if !basePath.isEmpty && ForwardedRequest.validPrefix(basePath) != basePath {
      throw ValidationError(
        "--base-path must be a plain path that starts with / and does not end with one, like /league"
      )
    }
    do {
      _ = try TrustedProxies(specifications: trustedProxy)
    } catch {
      throw ValidationError("--trusted-proxy \(error)")
    }
    do {
      _ = try AllowedHosts(specifications: allowedHosts)
    } catch {
      throw ValidationError("--allowed-hosts \(error)")
    }
  }

  /// The folder `name` the flag `flag` names, or the first found where `AppFiles` looks; a
  /// clear line naming every place looked at and the flag when none is there.
  func folder(_ given: String?, _ name: String, flag: String, app: String) throws -> String {
    if let given {
      guard AppFiles.isFolder(given) else {
        printError("\(app): the folder \(Self.absolute(given)) given by \(flag) does not exist")
        throw ExitCode.failure
      }
      return given
    }
    let files = AppFiles.current
    guard let found = files.folder(name) else {
      printError(
        "\(app): no \(name) folder in \(files.candidates(name).joined(separator: ", ")); "
          + "pass \(flag) DIR")
      throw ExitCode.failure
    }
    return found
  }

  /// The templates folder in effect.
  func templatesFolder(app: String) throws -> String {
    try folder(templates, "Templates", flag: "--templates", app: app)
  }

  /// The public folder in effect, or nil when the app has none (a page of its own must name
  /// it with `--public` to have one).
  func publicFolder(app: String) throws -> String? {
    if publicDirectory != nil {
      return try folder(publicDirectory, "Public", flag: "--public", app: app)
    }
    return AppFiles.current.folder("Public")
  }

  /// What a command that builds the site without serving it (`check`, `routes`, `accounts`)
  /// builds it with: the app's folders and a scratch store; and the templates folder, which its
  /// messages name.
  func checkingContext(app name: String) throws -> (context: AppContext, templates: String) {
    let templates = try templatesFolder(app: name)
    let context = AppContext.checking(
      name: name,
      configuration: AppSite.configuration(
        templates: templates, publicFolder: try publicFolder(app: name) ?? ""))
    return (context, templates)
  }

  /// The proxies believed.
  func proxies() throws -> TrustedProxies {
    trustedProxy.isEmpty ? .loopback : try TrustedProxies(specifications: trustedProxy)
  }

  private static func absolute(_ path: String) -> String {
    URL(
      fileURLWithPath: path,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ).standardizedFileURL.path
  }
}
