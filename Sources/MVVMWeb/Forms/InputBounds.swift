import MVVMWebViewModels
import Synchronization

/// What the check of a form post or input event reads of one input: its name, how many values
/// it takes, and which values its boxes hold. Taken out of a view model's inputs once per view
/// model type: the check runs as unspecialized generic code for the app's view model, where
/// each step over the generic list of inputs looked types up at run time (20,000 instructions
/// an input event), and over this plain list it costs a few hundred.
struct InputBounds: Sendable {
  let name: String
  let maxValues: Int
  let accepts: (@Sendable (String) -> Bool)?

  private static let byViewModel = Mutex<[ObjectIdentifier: [InputBounds]]>([:])

  /// The bounds of `ViewModel`'s inputs, in their order.
  static func of<ViewModel: Inputs>(_ viewModel: ViewModel.Type) -> [InputBounds] {
    let key = ObjectIdentifier(viewModel)
    if let known = byViewModel.withLock({ $0[key] }) { return known }
    let bounds = ViewModel.inputs.map {
      InputBounds(name: $0.name, maxValues: $0.kind.maxValues, accepts: $0.accepts)
    }
    byViewModel.withLock { $0[key] = bounds }
    return bounds
  }

  /// The most fields a submission may hold: each input's values at most.
  static func maxFields(_ inputs: [InputBounds]) -> Int {
    var total = 0
    for input in inputs {
      let (sum, overflow) = total.addingReportingOverflow(input.maxValues)
      guard !overflow else { return .max }
      total = sum
    }
    return total
  }
}
