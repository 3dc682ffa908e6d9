import Testing

@testable import MVVMWeb

@Suite struct TrustedProxiesTests {
  @Test(arguments: [
    ("10.0.0.0/8", "10.200.3.4", true),
    ("10.0.0.0/8", "11.0.0.1", false),
    ("192.168.1.0/25", "192.168.1.127", true),
    ("192.168.1.0/25", "192.168.1.128", false),
    ("203.0.113.9", "203.0.113.9", true),
    ("203.0.113.9", "203.0.113.10", false),
    ("fd00::/8", "fd12:3456::1", true),
    ("fd00::/8", "fe80::1", false),
    ("127.0.0.0/8", "::ffff:127.0.0.1", true),
    ("::ffff:10.0.0.0/104", "10.9.9.9", true),
    ("0.0.0.0/0", "::1", false),
  ])
  func networkMembership(cidr: String, address: String, expected: Bool) throws {
    let network = try #require(IPNetwork(cidr: cidr))
    let ip = try #require(IPAddress(address))
    #expect(network.contains(ip) == expected)
  }

  @Test func parsesSpecificationsIncludingUnixAndCommaLists() throws {
    let proxies = try TrustedProxies(specifications: ["10.0.0.0/8, unix", "::1"])
    #expect(proxies.trusts(.unixSocket))
    #expect(proxies.trusts(.ip("10.1.2.3")))
    #expect(proxies.trusts(.ip("::1")))
    #expect(!proxies.trusts(.ip("127.0.0.1")))
  }

  @Test func defaultTrustsLoopbackAndTheUnixSocketOnly() {
    #expect(TrustedProxies.loopback.trusts(.ip("127.0.0.1")))
    #expect(TrustedProxies.loopback.trusts(.ip("::1")))
    #expect(TrustedProxies.loopback.trusts(.unixSocket))
    #expect(!TrustedProxies.loopback.trusts(.ip("192.0.2.1")))
    #expect(!TrustedProxies.loopback.trusts(.ip("not an address")))
  }

  @Test(arguments: ["10.0.0.0/33", "300.1.1.1", "example.com", "10.0.0.0/x", "", "1.2.3.4/8/9"])
  func refusesNonsense(specification: String) {
    #expect(throws: InvalidProxySpecification(value: specification)) {
      try TrustedProxies(specifications: [specification])
    }
  }

  @Test func errorMessageSaysWhatIsAccepted() {
    #expect(
      InvalidProxySpecification(value: "nginx").description
        == "'nginx' is not a CIDR block (like 10.0.0.0/8), an IP address or the word unix")
  }
}
