/// A response as the test client read it.
public struct TestResponse: Sendable {
  public var status: Int
  public var headers: [(String, String)]
  public var body: [UInt8]

  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The first value of a header, ignoring case.
  public func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }
}
