import MVVM

/// One level of the renderer's scope stack: a view model, repeat item or object, read in place
/// through a pointer (valid while the renderer walks its part of the plan), and its type, which
/// knows how to read its outputs by number. No value is copied or boxed to get here.
struct Scope {
  let instance: UnsafeRawPointer
  let type: any Outputs.Type
  /// For a repeat item, where it stands in its list.
  var index = 0
  var count = 1

  init<Value: Outputs>(_ instance: UnsafePointer<Value>, index: Int = 0, count: Int = 1) {
    self.instance = UnsafeRawPointer(instance)
    self.type = Value.self
    self.index = index
    self.count = count
  }

  func value(_ field: Int) -> OutputValue {
    type.outputValue(field, at: instance)
  }

  func visit(_ field: Int, with visitor: inout some OutputVisitor) {
    type.visitOutput(field, at: instance, with: &visitor)
  }
}

// Called on the scope's `any Outputs.Type`, these open it once per call, so the type's own
// accessors run on the instance in place.
extension Outputs {
  fileprivate static func outputValue(_ field: Int, at instance: UnsafeRawPointer) -> OutputValue {
    outputValue(field, of: instance.assumingMemoryBound(to: Self.self))
  }

  fileprivate static func visitOutput(
    _ field: Int, at instance: UnsafeRawPointer, with visitor: inout some OutputVisitor
  ) {
    visitOutput(field, of: instance.assumingMemoryBound(to: Self.self), with: &visitor)
  }
}
