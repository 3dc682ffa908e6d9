/// A view model as a template sees it: the schema of its outputs, named and typed. Write
/// `@Outputs` on the type and the conformance comes from its properties; nothing is named twice.
/// The template compiler resolves every binding to a field number when templates load, so
/// rendering never compares a name.
///
/// ```swift
/// @Outputs struct Row: Equatable {
///   var key: String
///   var name: String
///   var pointsText: String
/// }
/// ```
public protocol Outputs: _OutputAccess {
  /// The outputs in declaration order, with the kind each one has.
  static var outputSchema: OutputSchema { get }
}

/// How a renderer reads a view model's outputs in place, by field number. `@Outputs` writes it;
/// app code never calls or implements it. It takes a pointer to the instance so that a renderer
/// reads a struct inside a list without copying it, and hands each stored output over by a
/// pointer into it too; a renderer holds the pointer only while the value lives.
public protocol _OutputAccess: SendableMetatype {
  /// Hands output number `field` (its index in `outputSchema`) to `visitor`, typed: text, a
  /// number, a flag, a link, a list, an object, or absent for a nil optional.
  static func visitOutput(
    _ field: Int, of instance: UnsafePointer<Self>, with visitor: inout some OutputVisitor)
}

/// Derives the `Outputs` conformance of a struct or final class from its properties: every
/// instance property that is not private and not marked `@OutputIgnored` is an output, named as
/// the property. `String` and `Int` are text, `Bool` a flag, `Link` or a `Destination` a URL,
/// `[some Outputs]` a list, an `Outputs` value an object, and an optional one is present or absent.
@attached(extension, conformances: Outputs, names: named(outputSchema), named(visitOutput))
public macro Outputs() = #externalMacro(module: "MVVMWebMacros", type: "OutputsMacro")

/// Marks a property that is not an output: a dependency or the state behind the outputs.
@attached(peer)
public macro OutputIgnored() = #externalMacro(module: "MVVMWebMacros", type: "OutputIgnoredMacro")
