/// Decoded name and value pairs from a query string or a form body. Repeated names are kept, in
/// order, because checkbox groups (`home=1&home=2`) depend on it.
public struct Parameters: Sendable, Equatable {
  /// Every name and value, in order.
  public var pairs: [Pair]

  /// One name and its value, decoded.
  public struct Pair: Sendable, Equatable {
    /// The field's name.
    public var name: String
    /// Its value; empty for a name sent without `=`.
    public var value: String
    /// The pair `name`=`value`.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Parameters holding `pairs`, in order.
  public init(_ pairs: [Pair] = []) {
    self.pairs = pairs
  }

  /// The first value for a name.
  public subscript(name: String) -> String? {
    pairs.first { $0.name == name }?.value
  }

  /// Every value for a name, in order.
  public func all(_ name: String) -> [String] {
    pairs.filter { $0.name == name }.map(\.value)
  }

  /// Decodes `application/x-www-form-urlencoded` bytes: `&`-separated, `+` is a space, then
  /// percent-decoding. Returns nil on a bad escape or bytes that are not UTF-8.
  public init?(urlEncoded bytes: some Collection<UInt8>) {
    var pairs: [Pair] = []
    // Piece by piece in place: `split` built an array of them first, which cost more than
    // decoding a short form. An empty piece (`a=1&&b=2`, a trailing `&`) is no pair.
    var start = bytes.startIndex
    while start != bytes.endIndex {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
      if start != end {
        guard let pair = Self.pair(bytes[start..<end]) else { return nil }
        pairs.append(pair)
      }
      start = end == bytes.endIndex ? end : bytes.index(after: end)
    }
    self.pairs = pairs
  }

  /// One `name=value` piece, decoded; nil on a bad escape or bytes that are not UTF-8.
  private static func pair(_ piece: some Collection<UInt8>) -> Pair? {
    let equals = piece.firstIndex(of: UInt8(ascii: "="))
    let rawName = piece[piece.startIndex..<(equals ?? piece.endIndex)]
    let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
    guard let name = PercentDecoding.decode(rawName, plusIsSpace: true),
      let value = PercentDecoding.decode(rawValue, plusIsSpace: true)
    else { return nil }
    return Pair(name, value)
  }
}
