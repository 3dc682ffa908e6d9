import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that holds MVVMWeb's macros.
@main
struct MVVMMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [OutputsMacro.self, OutputIgnoredMacro.self]
}
