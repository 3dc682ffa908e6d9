import MVVMWebViewModels
import Testing

@Suite struct NumberTextTests {
  @Test(arguments: [
    (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (-1_000, "-1,000"), (-100, "-100"),
    (-999_999, "-999,999"), (100_000, "100,000"), (1_234_567, "1,234,567"),
    (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
  ])
  func thousandsAreGroupedWithCommas(number: Int, text: String) {
    #expect(NumberText.grouped(number) == text)
    #expect(Paging.grouped(number) == text)
  }

  @Test func zeroPadded() {
    #expect(NumberText.zeroPadded(309, digits: 4) == "0309")
    #expect(NumberText.zeroPadded(2015, digits: 4) == "2015")
    #expect(NumberText.zeroPadded(12_345, digits: 4) == "12345")
    #expect(NumberText.zeroPadded(0, digits: 2) == "00")
    #expect(
      NumberText.zeroPadded(0, digits: 0) == "0" && NumberText.zeroPadded(5, digits: -3) == "5")
    #expect(NumberText.zeroPadded(-7, digits: 2) == "-07")
    #expect(NumberText.zeroPadded(Int.min, digits: 2) == "-9223372036854775808")
    #expect(NumberText.zeroPadded(1, digits: .max).utf8.count == 30)
    #expect(NumberText.zeroPadded(-1, digits: .max).utf8.count == 31)
  }

  @Test(arguments: [
    (48.85837, 4, "48.8584"), (2.2945, 4, "2.2945"), (2.29448, 5, "2.29448"),
    (0, 4, "0.0000"), (-0.0, 4, "-0.0000"), (-0.00001, 4, "-0.0000"), (0.00005, 4, "0.0001"),
    (0.0005, 4, "0.0005"), (-180, 4, "-180.0000"), (123.456, 0, "123"),
    // Exact ties in binary go to the even digit.
    (0.5, 0, "0"), (1.5, 0, "2"), (2.5, 0, "2"), (-2.5, 0, "-2"), (0.125, 2, "0.12"),
    (0.375, 2, "0.38"), (1.03125, 4, "1.0312"), (1.09375, 4, "1.0938"),
    // 0.15 is a little below in binary, 0.35 a little above: no tie.
    (0.15, 1, "0.1"), (0.35, 1, "0.3"), (0.45, 1, "0.5"),
    (9.99995, 4, "10.0000"), (999.99999, 4, "1000.0000"),
    (1e15, 2, "1000000000000000.00"), (0x1p53, 1, "9007199254740992.0"),
  ])
  func fixedPoint(value: Double, places: Int, text: String) {
    #expect(NumberText.fixed(value, places: places) == text)
  }

  /// Values a coordinate should never be still have a text, and nothing traps.
  @Test func nonFiniteAndHugeValues() {
    #expect(NumberText.fixed(.nan, places: 4) == "nan")
    #expect(NumberText.fixed(-.nan, places: 4) == "nan")
    #expect(NumberText.fixed(.signalingNaN, places: 4) == "nan")
    #expect(NumberText.fixed(.infinity, places: 4) == "inf")
    #expect(NumberText.fixed(-.infinity, places: 5) == "-inf")
    let huge = NumberText.fixed(1e300, places: 4)
    #expect(huge.utf8.count == 301 + 5 && huge.hasPrefix("1000000000000000052504760255204420"))
    #expect(huge.hasSuffix(".0000"))
    #expect(NumberText.fixed(-.greatestFiniteMagnitude, places: 0).utf8.count == 310)
    #expect(NumberText.fixed(.leastNonzeroMagnitude, places: 4) == "0.0000")
    #expect(NumberText.fixed(-.leastNonzeroMagnitude, places: 4) == "-0.0000")
  }

  @Test func placesOutsideTheirRange() {
    #expect(NumberText.fixed(2.5, places: -1) == NumberText.fixed(2.5, places: 0))
    #expect(NumberText.fixed(2.5, places: .min) == "2")
    let all = NumberText.fixed(.leastNonzeroMagnitude, places: .max)
    #expect(all == NumberText.fixed(.leastNonzeroMagnitude, places: 1_074))
    // 2⁻¹⁰⁷⁴ has 1,074 places and ends in 5 (every negative power of two does).
    #expect(all.utf8.count == 1_076 && all.hasPrefix("0.000") && all.hasSuffix("625"))
  }
}
