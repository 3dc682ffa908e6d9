import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Outputs` on a view model (a struct or a final class): its outputs are its instance
/// properties, stored or computed, that are not private and not marked `@OutputIgnored`. From them
/// it writes the `Outputs` conformance: the schema (names in declaration order, kinds from the
/// property types) and the accessor by field number that compiled templates call. Kinds come from
/// overloads in MVVM, so a property of a type no kind fits is a compile error at that property.
public struct OutputsMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: OutputsDiagnostic.notAType))
      return []
    }
    let outputs = properties(of: declaration, in: context)
    let access = isPublic(declaration) ? "public " : ""
    let typeName = type.trimmedDescription
    // The kind comes from the key path's value type, and a struct's stored property also tells
    // its offset through it.
    let fields = outputs.map {
      "    MVVMWebViewModels.OutputField(\"\($0.name)\", \\\(typeName).\($0.name)),\n"
    }
    // A stored property of a struct is handed over where it lies (`pointer(to:)` folds to an
    // offset), so an object or a string is not copied, nor its reference counts touched, on
    // every read; a computed one, or a class's, is read into a temporary first.
    let inPlace = declaration.is(StructDeclSyntax.self)
    let visits = outputs.enumerated().map { index, output in
      let temporary =
        "withUnsafePointer(to: instance.pointee.\(output.name)) { visitor.visit(at: $0) }"
      guard inPlace && output.stored else { return "    case \(index): \(temporary)\n" }
      return """
            case \(index):
              if let field = instance.pointer(to: \\.\(output.name)) {
                visitor.visit(at: field)
              } else {
                \(temporary)
              }

        """
    }
    let text = """
      extension \(typeName): MVVMWebViewModels.Outputs {
        \(access)static let outputSchema = MVVMWebViewModels.OutputSchema([
      \(fields.joined())  ])

        \(access)static func visitOutput(
          _ field: Int, of instance: UnsafePointer<\(typeName)>, with visitor: inout some MVVMWebViewModels.OutputVisitor
        ) {
          switch field {
      \(visits.joined())    default: break
          }
        }
      }
      """
    let source = DeclSyntax(stringLiteral: text)
    guard let extensionDecl = source.as(ExtensionDeclSyntax.self) else { return [] }
    return [extensionDecl]
  }

  /// The instance properties that are outputs, in order, and whether each has storage.
  private static func properties(
    of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> [(name: String, stored: Bool)] {
    var outputs: [(name: String, stored: Bool)] = []
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), isOutput(variable) else {
        continue
      }
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
          continue
        }
        guard binding.typeAnnotation != nil else {
          context.diagnose(Diagnostic(node: binding, message: OutputsDiagnostic.untyped(name)))
          continue
        }
        outputs.append((name, isStored(binding)))
      }
    }
    return outputs
  }

  /// Whether a property has storage: no accessors, or only observers (`willSet`, `didSet`).
  private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
    switch binding.accessorBlock?.accessors {
    case nil: true
    case .getter: false
    case .accessors(let accessors):
      accessors.allSatisfy {
        $0.accessorSpecifier.tokenKind == .keyword(.willSet)
          || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
    }
  }

  private static func isOutput(_ variable: VariableDeclSyntax) -> Bool {
    let hidden = variable.modifiers.contains { modifier in
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class): true
      // `private(set)` still reads from outside; only a private getter hides the property.
      case .keyword(.private), .keyword(.fileprivate): modifier.detail == nil
      default: false
      }
    }
    let ignored = variable.attributes.contains { attribute in
      attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "OutputIgnored"
    }
    return !hidden && !ignored
  }

  private static func isPublic(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.modifiers.contains {
      $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open)
    }
  }
}

/// `@OutputIgnored` marks a property that is not an output (a dependency, an input's state). It
/// adds nothing; `@Outputs` reads it.
public struct OutputIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

enum OutputsDiagnostic: DiagnosticMessage {
  case notAType
  case untyped(String)

  var message: String {
    switch self {
    case .notAType:
      "@Outputs goes on a struct or a final class whose properties are its outputs"
    case .untyped(let name):
      "the output '\(name)' needs an explicit type (for example 'let \(name): String'): the outputs are the view model's contract with its templates"
    }
  }

  var diagnosticID: MessageID {
    switch self {
    case .notAType: MessageID(domain: "MVVMMacros", id: "notAType")
    case .untyped: MessageID(domain: "MVVMMacros", id: "untyped")
    }
  }

  var severity: DiagnosticSeverity { .error }
}
