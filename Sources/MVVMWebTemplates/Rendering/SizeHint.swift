import Synchronization

/// How much room to give a template's next rendering: the size of its last one, with an eighth
/// more for a page that grew a little, and at least the estimate from its static bytes. A page
/// that fits is written once, in place; a wrong guess costs copies, never a wrong page.
final class SizeHint: Sendable {
  private let estimate: Int
  private let lastSize = Atomic<Int>(0)

  init(estimate: Int) {
    self.estimate = estimate
  }

  var capacity: Int {
    let last = lastSize.load(ordering: .relaxed)
    // At least a step's markup more: the last steps reserve that much, and a page without the
    // room would move to a larger block at its very end, on every rendering.
    return max(estimate, last + max(last / 8, RenderPlan.markupCapacity))
  }

  func record(_ size: Int) {
    lastSize.store(size, ordering: .relaxed)
  }
}
