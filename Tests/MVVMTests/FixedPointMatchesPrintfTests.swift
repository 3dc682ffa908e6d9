import Foundation
import MVVMWebViewModels
import Testing

/// `NumberText.fixed` replaces `String(format: "%.4f")` on the request path, so over a few
/// thousand seeded random values it must write what C's printf writes. Foundation is used here
/// only, as the reference.
@Suite struct FixedPointMatchesPrintfTests {
  @Test func decimalsAsPrintfWritesThem() {
    var random = SeededGenerator(state: 2015)
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, 0.00005, -0.00005, 0.000005, 1.03125, 1.09375, 9.99995, 1e300,
      -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p53,
      0x1p64, 1e22, 1e23,
    ]
    for _ in 0..<2_000 {
      // Coordinates, and what five places make of them.
      values.append(Double.random(in: -180...180, using: &random))
      // Any finite Double at all, from every binade.
      let bits = random.next()
      let any = Double(bitPattern: bits)
      if any.isFinite { values.append(any) }
      // Exact ties: 10ⁿ is 2ⁿ × 5ⁿ, so an odd multiple of 2⁻ⁿ⁻¹ falls halfway at n places
      // (2⁻⁵ at four, 2⁻⁶ at five); a random multiple is odd half the time.
      values.append(Double(Int.random(in: -6_000...6_000, using: &random)) * 0x1p-5)
      values.append(Double(Int.random(in: -12_000...12_000, using: &random)) * 0x1p-6)
      values.append(Double(Int.random(in: -1_000...1_000, using: &random)) * 0x1p-1)
    }
    for value in values {
      // Up to 10 places a small result takes a one-word path; 12 and 20 take the wide one.
      for places in [0, 1, 4, 5, 12, 20] {
        #expect(
          NumberText.fixed(value, places: places) == String(format: "%.\(places)f", value),
          "\(value) at \(places) places")
      }
    }
    #expect(
      NumberText.fixed(.leastNonzeroMagnitude, places: 1_074)
        == String(format: "%.1074f", Double.leastNonzeroMagnitude))
  }

  @Test func infinitiesAsPrintfWritesThem() {
    for value in [Double.infinity, -.infinity, .nan] {
      #expect(NumberText.fixed(value, places: 4) == String(format: "%.4f", value))
    }
  }
}
