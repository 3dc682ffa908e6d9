import ArgumentParser
import Foundation
import MVVMWebApp

/// `mvvmweb new NAME [--path DIR]`: a new app in a package of its own, ready to run and test:
/// one page with a form and a live list, its view model, template, stylesheet and tests, and a
/// README with its two commands.
struct NewApp: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Make a new app: a package with one page, its tests, and a README.")

  @Argument(
    help: ArgumentHelp(
      "The app's name, its command's: lowercase letters and digits, starting with a letter (shop).",
      valueName: "name"))
  var name: String

  @Option(help: ArgumentHelp("Where to make it (default: ./NAME).", valueName: "dir"))
  var path: String?

  @Option(
    help: ArgumentHelp(
      "Use the MVVMWeb package at this folder (a checkout of it) instead of the published one (default: the checkout this mvvmweb was built in, if it was).",
      valueName: "dir"))
  var framework: String?

  func validate() throws {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 40,
      name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    else {
      throw ValidationError(
        "the name '\(name)' is not lowercase letters and digits starting with a letter (like shop)"
      )
    }
  }

  /// The MVVMWeb checkout whose `.build` holds this executable (`swift run mvvmweb new …`).
  static var checkout: String? {
    let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return executable?.range(of: "/.build/").map { String(executable?[..<$0.lowerBound] ?? "") }
  }

  func run() throws {
    let folder = path ?? name
    let files = FileManager.default
    if let existing = try? files.contentsOfDirectory(atPath: folder), !existing.isEmpty {
      printError("mvvmweb: \(folder) is not empty: choose another --path")
      throw ExitCode.failure
    }
    let dependency: String
    if let framework = framework ?? Self.checkout {
      let absolute = URL(fileURLWithPath: framework).standardizedFileURL.path
      guard files.fileExists(atPath: absolute + "/Package.swift") else {
        printError(
          "mvvmweb: \(absolute) holds no Package.swift: --framework names MVVMWeb's folder")
        throw ExitCode.failure
      }
      dependency = ".package(name: \"MVVMWeb\", path: \"\(absolute)\")"
    } else {
      dependency =
        ".package(url: \"\(MVVMWebRelease.url)\", from: \"\(MVVMWebRelease.version)\")"
    }
    let typeName = name.prefix(1).uppercased() + name.dropFirst()
    func filled(_ text: String) -> String {
      text.replacingOccurrences(of: "{{App}}", with: typeName)
        .replacingOccurrences(of: "{{app}}", with: name)
        .replacingOccurrences(of: "{{framework}}", with: dependency)
    }
    for (path, text) in NewAppFiles.all {
      let file = (folder as NSString).appendingPathComponent(filled(path))
      try files.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try filled(text).write(toFile: file, atomically: true, encoding: .utf8)
    }
    print(
      """
      Made \(name) in \(folder). Run it on http://127.0.0.1:8080, then its tests:
        cd \(folder) && swift run \(name)
        swift test
      """)
  }
}
