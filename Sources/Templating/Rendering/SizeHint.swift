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
    return max(estimate, last + last / 8)
  }

  func record(_ size: Int) {
    lastSize.store(size, ordering: .relaxed)
  }
}
