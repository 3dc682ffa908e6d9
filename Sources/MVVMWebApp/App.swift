import ArgumentParser
import MVVMWeb

/// An app on MVVMWeb: its name, its own options (the `@Option`s of the type, if any), and the one
/// function that builds its site, which `serve`, `check` and `routes` call, and the app's tests
/// too. `main()` runs the app's command: `serve` (the default) with every serving flag,
/// `check`, `routes`, `bundle`, then the app's own `commands`.
///
/// ```swift
/// struct Hello: App {
///   static let name = "hello"
///   static let abstract = "Greets whoever gives their name, live in every open browser."
///
///   func site(_ context: AppContext) throws -> Site {
///     var site = try Site(context)
///     try site.add(HelloFeature(list: GreetingList(changes: site.changes)))
///     return site
///   }
/// }
/// ```
///
/// and its `main.swift` runs it:
///
/// ```swift
/// Hello.main()
/// ```
public protocol App: ParsableArguments {
  /// The command's name, also the SQLite file's in the data folder (`hello` → `hello.sqlite`).
  static var name: String { get }
  /// One line saying what the app is, for `--help`.
  static var abstract: String { get }
  /// Commands of the app's own, beside the framework's.
  static var commands: [any ParsableCommand.Type] { get }

  /// The app's site: its features added to a `Site(context)`. Everything it opens (the
  /// database, files) comes from `context`, so a test gets a site of its own.
  func site(_ context: AppContext) throws -> Site
}

extension App {
  /// No line of its own.
  public static var abstract: String { "A web app on MVVMWeb." }
  /// None of its own.
  public static var commands: [any ParsableCommand.Type] { [] }

  /// Runs the app's command with the process's arguments (or `arguments`), and exits.
  public static func main(_ arguments: [String]? = nil) -> Never {
    AppCommand<Self>.run(arguments)
  }
}
