import CMVVMWebXML2
import Foundation

/// Parses template files with libxml2, safely: no network (`XML_PARSE_NONET`), no entity
/// substitution or DTD loading, no DOCTYPE that declares entities, XInclude confined to the
/// templates folder; then validates the binding vocabulary with the RelaxNG schema and copies
/// the result into a `TemplateNode` tree. Every problem is collected as `file:line: message`.
final class XMLLoader {
  let root: String
  private(set) var errors: [TemplateError] = []
  private var schema: xmlRelaxNGPtr?

  init(root: String) {
    self.root = root
  }

  deinit {
    if let schema { xmlRelaxNGFree(schema) }
  }

  /// What the RelaxNG schema said about the last file loaded. The compiler's own checks name
  /// binding mistakes more precisely, so the library reports these only when it found nothing.
  private(set) var schemaErrors: [TemplateError] = []

  /// Loads one file (relative to the root) or returns nil, having recorded why.
  func load(_ relativePath: String) -> TemplateElement? {
    confined(file: relativePath) { collector in
      guard FileManager.default.fileExists(atPath: root + "/" + relativePath) else {
        collector.add(relativePath, 0, "the template file does not exist")
        return nil
      }
      return xmlReadFile(root + "/" + relativePath, "UTF-8", Self.parseOptions)
    }
  }

  /// The layout a page names (`m:layout` on its root, at `line`), brought in the way partials
  /// are: through XInclude, from a one-element document standing where the page stands, so the
  /// same confinement, checks and line numbers apply.
  func loadLayout(_ href: String, for page: String, line: Int) -> TemplateElement? {
    let layout = confined(file: page) { _ in
      let escaped = href.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
        of: "\"", with: "&quot;"
      )
      .replacingOccurrences(of: "<", with: "&lt;")
      // Blank lines first, so libxml2 reports problems on the line of the page's m:layout.
      let text =
        String(repeating: "\n", count: max(line - 1, 0))
        + "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"\(escaped)\"/>"
      // A line number past 2 GiB of blank lines is no page's: nothing to read.
      guard let length = Int32(exactly: text.utf8.count) else { return nil }
      return xmlReadMemory(text, length, root + "/" + page, "UTF-8", Self.parseOptions)
    }
    // libxml2 marks an included root with xml:base only when it comes from another folder: a
    // layout beside the page would keep the page's name, and its problems would be reported
    // against whichever page loaded it first.
    let file = ((page as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent(href)
    return layout?.naming((file as NSString).standardizingPath, where: page)
  }

  private static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// Runs one parse with the entity loader confined to the root and libxml2's errors collected,
  /// then checks, includes, validates and converts what `parse` returned.
  private func confined(
    file: String, _ parse: (ErrorCollector) -> xmlDocPtr?
  ) -> TemplateElement? {
    schemaErrors = []
    ConfinedEntityLoader.lock.lock()
    defer { ConfinedEntityLoader.lock.unlock() }
    let previousLoader = xmlGetExternalEntityLoader()
    ConfinedEntityLoader.root = root
    xmlSetExternalEntityLoader(ConfinedEntityLoader.loader)
    defer { xmlSetExternalEntityLoader(previousLoader) }
    let collector = ErrorCollector(root: root, fallbackFile: file)
    let context = Unmanaged.passUnretained(collector).toOpaque()
    xmlSetStructuredErrorFunc(context, ErrorCollector.handler)
    defer {
      xmlSetStructuredErrorFunc(nil, nil)
      errors += collector.errors
    }
    guard let document = parse(collector) else { return nil }
    defer { xmlFreeDoc(document) }
    guard let rootNode = xmlDocGetRootElement(document) else {
      collector.add(file, 1, "the template has no root element")
      return nil
    }
    if let subset = document.pointee.intSubset, Self.declaresEntities(subset) {
      collector.add(
        file, Int(xmlGetLineNo(rootNode)),
        "a DOCTYPE that declares entities is not allowed in templates")
      return nil
    }
    guard checkIncludes(rootNode, file: file, collector: collector) else { return nil }
    let flags = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOXINCNODE.rawValue)
    if xmlXIncludeProcessFlags(document, flags) < 0 { return nil }
    if !collector.errors.isEmpty { return nil }
    guard let schema = loadSchema(collector: collector),
      let included = xmlDocGetRootElement(document)
    else {
      return nil
    }
    let validation = xmlRelaxNGNewValidCtxt(schema)
    defer { xmlRelaxNGFreeValidCtxt(validation) }
    let schemaCollector = ErrorCollector(root: root, fallbackFile: file)
    let schemaContext = Unmanaged.passUnretained(schemaCollector).toOpaque()
    xmlRelaxNGSetValidStructuredErrors(validation, ErrorCollector.handler, schemaContext)
    xmlRelaxNGValidateDoc(validation, document)
    schemaErrors = schemaCollector.errors
    return convert(included, file: file)
  }

  /// The binding vocabulary's RelaxNG schema, `mvvmweb-template.rng` beside this file,
  /// compiled into the module: an app's templates folder holds only its templates.
  private func loadSchema(collector: ErrorCollector) -> xmlRelaxNGPtr? {
    if let schema { return schema }
    schema = PackageResources.mvvmweb_template_rng.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in
        let parser = xmlRelaxNGNewMemParserCtxt(text.baseAddress, Int32(clamping: text.count))
        defer { xmlRelaxNGFreeParserCtxt(parser) }
        return xmlRelaxNGParse(parser)
      }
    }
    if schema == nil {
      collector.add("mvvmweb-template.rng", 0, "the binding vocabulary's schema did not parse")
    }
    return schema
  }

  private static func declaresEntities(_ subset: UnsafeMutablePointer<xmlDtd>) -> Bool {
    var node = subset.pointee.children
    while let current = node {
      if current.pointee.type == XML_ENTITY_DECL { return true }
      node = current.pointee.next
    }
    return false
  }

  /// XInclude targets must be plain relative paths to XML inside the folder, checked before
  /// libxml2 follows them (text includes would bypass the entity loader).
  private func checkIncludes(_ node: xmlNodePtr, file: String, collector: ErrorCollector) -> Bool {
    var fine = true
    if Self.namespace(of: node) == "http://www.w3.org/2001/XInclude" {
      let line = Int(xmlGetLineNo(node))
      let href = Self.property(node, "href") ?? ""
      let parse = Self.property(node, "parse") ?? "xml"
      let base = (file as NSString).deletingLastPathComponent
      let target = ((root as NSString).appendingPathComponent(base) as NSString)
        .appendingPathComponent(href)
      let normalized = (target as NSString).standardizingPath
      if href.isEmpty || href.hasPrefix("/") || href.contains(":") || parse != "xml"
        || !normalized.hasPrefix(root + "/")
      {
        collector.add(
          file, line,
          "an include may only name an XML file inside the templates folder: \"\(href)\"")
        fine = false
      } else if !FileManager.default.fileExists(atPath: normalized) {
        collector.add(file, line, "the included file \"\(href)\" does not exist")
        fine = false
      }
    }
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE {
        fine = checkIncludes(current, file: file, collector: collector) && fine
      }
      child = current.pointee.next
    }
    return fine
  }

  private func convert(_ node: xmlNodePtr, file: String) -> TemplateElement {
    var file = file
    var attributes: [TemplateElement.Attribute] = []
    var property = node.pointee.properties
    while let current = property {
      defer { property = current.pointee.next }
      let name = String(cString: current.pointee.name)
      let namespace = current.pointee.ns.map { String(cString: $0.pointee.href) }
      let value = xmlNodeGetContent(
        UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
      let text = value.map { String(cString: $0) } ?? ""
      free(value)
      if namespace == "http://www.w3.org/XML/1998/namespace" {
        // XInclude marks an included partial's root with xml:base; errors then name the partial.
        if name == "base" {
          file = ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
            text)
          file = (file as NSString).standardizingPath
        }
        continue
      }
      // HTML's names have no case (`ONCLICK` is `onclick`): read in lower case, every check of
      // a name (code attributes, URL attributes, raw-text elements) sees the one spelling.
      let isBinding = namespace == bindingNamespace
      attributes.append(
        .init(name: isBinding ? name : name.lowercased(), isBinding: isBinding, value: text))
    }
    var children: [TemplateNode] = []
    var child = node.pointee.children
    while let current = child {
      defer { child = current.pointee.next }
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        children.append(.element(convert(current, file: file)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        let content = xmlNodeGetContent(current)
        children.append(.text(content.map { String(cString: $0) } ?? ""))
        free(content)
      case XML_ENTITY_REF_NODE:
        errors.append(
          TemplateError(
            file: file, line: Int(xmlGetLineNo(current)),
            message: "entity references are not allowed; write the character itself"))
      default:
        break  // Comments and processing instructions are not part of the page.
      }
    }
    return TemplateElement(
      name: String(cString: node.pointee.name).lowercased(),
      attributes: attributes, children: children, file: file, line: Int(xmlGetLineNo(node)))
  }

  private static func namespace(of node: xmlNodePtr) -> String? {
    node.pointee.ns.map { String(cString: $0.pointee.href) }
  }

  private static func property(_ node: xmlNodePtr, _ name: String) -> String? {
    guard let value = xmlGetProp(node, name) else { return nil }
    defer { free(value) }
    return String(cString: value)
  }
}

/// Receives libxml2's structured errors during one load and turns them into `TemplateError`s.
///
/// Only a file's first well-formedness error is kept: libxml2 recovers and reports what follows
/// from it (one malformed tag made four lines). A failed include of a file whose own errors were
/// just reported is left out too, so a broken layout is reported once, not once per page. Paths
/// are relative to the templates folder, as file names are.
private final class ErrorCollector {
  let root: String
  let fallbackFile: String
  var errors: [TemplateError] = []
  /// Files that already have a well-formedness error in this load.
  private var malformedFiles: Set<String> = []

  init(root: String, fallbackFile: String) {
    self.root = root
    self.fallbackFile = fallbackFile
  }

  func add(_ file: String, _ line: Int, _ message: String) {
    errors.append(TemplateError(file: file, line: line, message: message))
  }

  /// Whether a libxml2 error adds anything to what this load already reported.
  private func isNews(_ file: String, _ message: String, domain: Int32) -> Bool {
    if domain == Int32(XML_FROM_PARSER.rawValue) {
      return malformedFiles.insert(file).inserted
    }
    let prefix = "could not load "
    if domain == Int32(XML_FROM_XINCLUDE.rawValue), message.hasPrefix(prefix),
      let comma = message.firstIndex(of: ",")
    {
      let target = message[message.index(message.startIndex, offsetBy: prefix.count)..<comma]
      return !malformedFiles.contains(String(target))
    }
    return true
  }

  static let handler: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
    var file = error.pointee.file.map { String(cString: $0) } ?? collector.fallbackFile
    if file.hasPrefix(collector.root + "/") { file.removeFirst(collector.root.count + 1) }
    var line = Int(error.pointee.line)
    if line == 0, let node = error.pointee.node {
      line = Int(xmlGetLineNo(node.assumingMemoryBound(to: xmlNode.self)))
    }
    let message = (error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error")
      .replacingOccurrences(of: collector.root + "/", with: "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard collector.isNews(file, message, domain: error.pointee.domain) else { return }
    collector.add(file, line, ErrorCollector.explained(message))
  }

  /// libxml2's message, with what to do instead where the cause is HTML habit.
  private static func explained(_ message: String) -> String {
    guard message.hasPrefix("Entity '"), message.hasSuffix("' not defined") else { return message }
    return message
      + " (templates are XML: write the character itself, or a numeric reference such as &#160;)"
  }
}
