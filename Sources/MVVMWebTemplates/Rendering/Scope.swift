import MVVMWebViewModels

/// One level of the renderer's scope stack: a view model, repeat item or object, read in place
/// through a pointer (valid while the renderer walks its part of the plan), and its type, which
/// knows how to read its outputs by number. No value is copied or boxed to get here.
struct Scope {
  let instance: UnsafeRawPointer
  let type: any Outputs.Type
  /// For a repeat item, where it stands in its list.
  let index: Int
  let count: Int

  @inline(__always)
  init<Value: Outputs>(_ instance: UnsafePointer<Value>, index: Int = 0, count: Int = 1) {
    self.init(UnsafeRawPointer(instance), type: Value.self, index: index, count: count)
  }

  /// An instance of `type` at `instance`, as a stored object's layout says.
  @inline(__always)
  init(_ instance: UnsafeRawPointer, type: any Outputs.Type, index: Int = 0, count: Int = 1) {
    self.instance = instance
    self.type = type
    self.index = index
    self.count = count
  }

  func visit(_ field: Int, with visitor: inout some OutputVisitor) {
    type.visitOutput(field, at: instance, with: &visitor)
  }
}

extension Outputs {
  /// Called on a scope's `any Outputs.Type`, this opens it once per call, so the type's own
  /// accessor runs on the instance in place.
  fileprivate static func visitOutput(
    _ field: Int, at instance: UnsafeRawPointer, with visitor: inout some OutputVisitor
  ) {
    visitOutput(field, of: instance.assumingMemoryBound(to: Self.self), with: &visitor)
  }
}
