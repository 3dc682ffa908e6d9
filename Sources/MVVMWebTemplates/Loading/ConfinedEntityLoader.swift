import CMVVMWebXML2
import Foundation

/// libxml2's hook for every external resource a document pulls in (XInclude targets, DTDs,
/// entities). Ours serves files inside the templates folder and nothing else: no network, no
/// absolute paths elsewhere, no `..` out of the folder, whatever the document asks for.
enum ConfinedEntityLoader {
  /// The folder loads are confined to. libxml2's hook is a process-wide C function, so the
  /// folder is process-wide too; `XMLLoader` holds `lock` for the whole of each load.
  nonisolated(unsafe) static var root = ""
  static let lock = NSLock()

  static let loader: xmlExternalEntityLoader = { url, _, context in
    guard let url else { return nil }
    var path = String(cString: url)
    if path.hasPrefix("file://") { path.removeFirst(7) }
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    let real = String(cString: resolved)
    guard real.hasPrefix(ConfinedEntityLoader.root + "/") else { return nil }
    return xmlNewInputFromFile(context, real)
  }
}
