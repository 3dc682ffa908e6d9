import Foundation

/// Where an app's `Templates` and `Public` folders are, when no flag names them: beside the
/// executable (a release installed or `bundle`d to a folder of its own), else in the package
/// the executable was built in (`swift run` from anywhere, the executable being under its
/// `.build`), else in the working directory.
struct AppFiles {
  /// The executable's own folder, its links resolved.
  let executableFolder: String?
  /// The working directory.
  let workingDirectory: String

  /// The places of this process.
  static var current: AppFiles {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    return AppFiles(
      executableFolder: executable.map { ($0 as NSString).deletingLastPathComponent },
      workingDirectory: FileManager.default.currentDirectoryPath)
  }

  /// The places looked at for the folder `name`, in order.
  func candidates(_ name: String) -> [String] {
    var places: [String] = []
    if let folder = executableFolder {
      places.append(folder + "/" + name)
      if let package = Self.package(holding: folder) { places.append(package + "/" + name) }
    }
    let here = workingDirectory + "/" + name
    if !places.contains(here) { places.append(here) }
    return places
  }

  /// The first of `candidates(name)` that is a folder, or nil.
  func folder(_ name: String) -> String? {
    candidates(name).first(where: Self.isFolder)
  }

  /// The package whose `.build` holds `folder`, if any (`/src/hello/.build/debug` → `/src/hello`).
  static func package(holding folder: String) -> String? {
    let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
    guard let build = parts.lastIndex(of: ".build"), build > 0 else { return nil }
    let root = parts[..<build].joined(separator: "/")
    return root.isEmpty ? "/" : root
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
