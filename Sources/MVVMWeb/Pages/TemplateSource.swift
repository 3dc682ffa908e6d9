import Foundation
import MVVMWebTemplates
import Synchronization

/// Where pages get their compiled templates: loaded once at start (the default), or, with
/// `serve --dev`, loaded again whenever a file in the templates folder changes, so an edit shows
/// on the next reload of the page without a restart.
enum TemplateSource: Sendable {
  case fixed(TemplateLibrary)
  case reloading(ReloadingTemplates)

  /// The templates to render with now, or every problem the folder has now.
  func current() -> Result<TemplateLibrary, TemplateErrors> {
    switch self {
    case .fixed(let library): .success(library)
    case .reloading(let templates): templates.current()
    }
  }
}

/// The development source: before each page it compares the folder's files (names, sizes and
/// modification times) with the last load, and loads again when they differ.
final class ReloadingTemplates: Sendable {
  let directory: String
  private let load: @Sendable () -> Result<TemplateLibrary, TemplateErrors>
  private let state: Mutex<(fingerprint: [String], result: Result<TemplateLibrary, TemplateErrors>)>

  init(directory: String, load: @escaping @Sendable () -> Result<TemplateLibrary, TemplateErrors>) {
    self.directory = directory
    self.load = load
    state = Mutex((Self.fingerprint(of: directory), load()))
  }

  func current() -> Result<TemplateLibrary, TemplateErrors> {
    let now = Self.fingerprint(of: directory)
    return state.withLock { state in
      if state.fingerprint != now { state = (now, load()) }
      return state.result
    }
  }

  /// One line per file under the folder: its path, size and modification time.
  static func fingerprint(of directory: String) -> [String] {
    let files = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
    return files.sorted().map { file in
      let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + file)
      let size = attributes?[.size] as? Int ?? -1
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      return "\(file) \(size) \(modified)"
    }
  }
}
