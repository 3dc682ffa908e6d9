/// A first-in, first-out list that takes from the front without moving what follows: the
/// front's slots are reused once they are half the storage.
struct FIFO<Element> {
  private var slots: [Element?] = []
  private var head = 0

  var count: Int { slots.count - head }
  var first: Element? { head < slots.count ? slots[head] : nil }

  mutating func append(_ element: Element) {
    slots.append(element)
  }

  mutating func removeFirst() -> Element? {
    guard head < slots.count else { return nil }
    let element = slots[head]
    slots[head] = nil
    head += 1
    if head == slots.count {
      slots.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 64 && head * 2 > slots.count {
      slots.removeFirst(head)
      head = 0
    }
    return element
  }
}
