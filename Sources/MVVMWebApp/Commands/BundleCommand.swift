import ArgumentParser
import Foundation

/// `NAME bundle DIR`: the app ready to ship, in one folder: this executable, and beside it the
/// `Templates` and `Public` folders it serves, where the executable finds them wherever the
/// folder is copied (`/opt/NAME`, say). Build it in release first:
/// `swift build -c release && .build/release/NAME bundle dist`.
struct BundleCommand<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "bundle",
      abstract: "Put this executable and its Templates and Public folders in one folder to ship.")
  }

  @Argument(help: ArgumentHelp("The folder to fill; created if missing.", valueName: "dir"))
  var folder: String

  @OptionGroup var site: SiteOptions

  func run() throws {
    let name = Application.name
    let files = FileManager.default
    let executable = try files.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var copies = [(from: executable, to: name)]
    copies.append((try site.templatesFolder(app: name), "Templates"))
    if let publicFolder = try site.publicFolder(app: name) {
      copies.append((publicFolder, "Public"))
    }
    try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (from, to) in copies {
      let target = (folder as NSString).appendingPathComponent(to)
      guard (from as NSString).standardizingPath != (target as NSString).standardizingPath else {
        continue
      }
      if files.fileExists(atPath: target) { try files.removeItem(atPath: target) }
      try files.copyItem(atPath: from, toPath: target)
    }
    print(
      "\(name): bundled into \(folder) (\(copies.map(\.to).joined(separator: ", "))); "
        + "run \((folder as NSString).appendingPathComponent(name)) serve")
  }
}
