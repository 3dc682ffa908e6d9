import MVVMWebMacros
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// The conformance `@Outputs` writes, exactly: outputs in declaration order, private and
/// ignored properties left out, and clear errors where a kind cannot be known.
final class OutputsMacroTests: XCTestCase {
  let macros: [String: any Macro.Type] = [
    "Outputs": OutputsMacro.self, "OutputIgnored": OutputIgnoredMacro.self,
  ]

  func testDerivesSchemaAndAccessorsFromProperties() {
    assertMacroExpansion(
      """
      @Outputs
      public struct Row {
        public var title: String
        private let secret: String
        @OutputIgnored public var id: Int
        public private(set) var count: Int
        static let shared = 1
        public var isEmpty: Bool { count == 0 }
      }
      """,
      expandedSource: """
        public struct Row {
          public var title: String
          private let secret: String
          public var id: Int
          public private(set) var count: Int
          static let shared = 1
          public var isEmpty: Bool { count == 0 }
        }

        extension Row: MVVMWebViewModels.Outputs {
          public static let outputSchema = MVVMWebViewModels.OutputSchema([
            MVVMWebViewModels.OutputField("title", \\Row.title),
            MVVMWebViewModels.OutputField("count", \\Row.count),
            MVVMWebViewModels.OutputField("isEmpty", \\Row.isEmpty),
          ])

          public static func visitOutput(
            _ field: Int, of instance: UnsafePointer<Row>, with visitor: inout some MVVMWebViewModels.OutputVisitor
          ) {
            switch field {
            case 0:
              if let field = instance.pointer(to: \\.title) {
                visitor.visit(at: field)
              } else {
                withUnsafePointer(to: instance.pointee.title) {
                    visitor.visit(at: $0)
                }
              }
            case 1:
              if let field = instance.pointer(to: \\.count) {
                visitor.visit(at: field)
              } else {
                withUnsafePointer(to: instance.pointee.count) {
                    visitor.visit(at: $0)
                }
              }
            case 2:
                withUnsafePointer(to: instance.pointee.isEmpty) {
                    visitor.visit(at: $0)
                }
            default:
                break
            }
          }
        }
        """,
      macros: macros)
  }

  /// A class's properties, stored or not, are read into a temporary: its storage is not inline.
  /// A struct's property with observers has storage, and is read in place.
  func testAClassReadsItsOutputsIntoATemporary() {
    assertMacroExpansion(
      """
      @Outputs
      final class Page {
        let title: String
        var count: Int { didSet { print(count) } }
      }
      @Outputs
      struct Part {
        var count: Int { didSet { print(count) } }
      }
      """,
      expandedSource: """
        final class Page {
          let title: String
          var count: Int { didSet { print(count) } }
        }
        struct Part {
          var count: Int { didSet { print(count) } }
        }

        extension Page: MVVMWebViewModels.Outputs {
          static let outputSchema = MVVMWebViewModels.OutputSchema([
            MVVMWebViewModels.OutputField("title", \\Page.title),
            MVVMWebViewModels.OutputField("count", \\Page.count),
          ])

          static func visitOutput(
            _ field: Int, of instance: UnsafePointer<Page>, with visitor: inout some MVVMWebViewModels.OutputVisitor
          ) {
            switch field {
            case 0:
                withUnsafePointer(to: instance.pointee.title) {
                    visitor.visit(at: $0)
                }
            case 1:
                withUnsafePointer(to: instance.pointee.count) {
                    visitor.visit(at: $0)
                }
            default:
                break
            }
          }
        }

        extension Part: MVVMWebViewModels.Outputs {
          static let outputSchema = MVVMWebViewModels.OutputSchema([
            MVVMWebViewModels.OutputField("count", \\Part.count),
          ])

          static func visitOutput(
            _ field: Int, of instance: UnsafePointer<Part>, with visitor: inout some MVVMWebViewModels.OutputVisitor
          ) {
            switch field {
            case 0:
              if let field = instance.pointer(to: \\.count) {
                visitor.visit(at: field)
              } else {
                withUnsafePointer(to: instance.pointee.count) {
                    visitor.visit(at: $0)
                }
              }
            default:
                break
            }
          }
        }
        """,
      macros: macros)
  }

  func testAnUntypedPropertyIsAnError() {
    assertMacroExpansion(
      """
      @Outputs
      struct Page {
        var title = "x"
      }
      """,
      expandedSource: """
        struct Page {
          var title = "x"
        }

        extension Page: MVVMWebViewModels.Outputs {
          static let outputSchema = MVVMWebViewModels.OutputSchema([
          ])

          static func visitOutput(
            _ field: Int, of instance: UnsafePointer<Page>, with visitor: inout some MVVMWebViewModels.OutputVisitor
          ) {
            switch field {
            default:
                break
            }
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "the output 'title' needs an explicit type (for example 'let title: String'): the outputs are the view model's contract with its templates",
          line: 3, column: 7)
      ],
      macros: macros)
  }

  func testOnlyStructsAndClasses() {
    assertMacroExpansion(
      "@Outputs enum E {}", expandedSource: "enum E {}",
      diagnostics: [
        DiagnosticSpec(
          message: "@Outputs goes on a struct or a final class whose properties are its outputs",
          line: 1, column: 1)
      ],
      macros: macros)
  }
}
