/// The client data a browser collected for a ceremony (WebAuthn §5.8.1, `CollectedClientData`):
/// the members a relying party checks, read from `clientDataJSON` by our own bounded reader.
/// Other members (`extraData`, `androidPackageName`, a future one) are checked as JSON and
/// ignored, as §5.8.1.2 asks of a relying party.
struct ClientData: Sendable {
  /// `webauthn.create` or `webauthn.get`.
  var type: String
  /// The challenge, base64url-encoded by the browser.
  var challenge: String
  /// The origin of the page that ran the ceremony.
  var origin: String
  /// True when the ceremony ran in a frame not same-origin with its ancestors.
  var crossOrigin: Bool?
  /// The top-level page's origin, when the ceremony ran in a cross-origin frame.
  var topOrigin: String?

  init(json bytes: [UInt8]) throws(PasskeyError) {
    let members: [String: JSONObjectReader.Value]
    do {
      members = try JSONObjectReader.read(bytes)
    } catch {
      throw .malformedClientData(offset: error.offset, error.problem)
    }
    func string(_ name: String) throws(PasskeyError) -> String? {
      switch members[name] {
      case nil: return nil
      case .string(let value): return value
      default: throw .clientDataMemberType(name, expected: "string")
      }
    }
    func required(_ name: String) throws(PasskeyError) -> String {
      guard let value = try string(name) else { throw .missingClientDataMember(name) }
      return value
    }
    type = try required("type")
    challenge = try required("challenge")
    origin = try required("origin")
    switch members["crossOrigin"] {
    case nil: crossOrigin = nil
    case .bool(let value): crossOrigin = value
    default: throw .clientDataMemberType("crossOrigin", expected: "boolean")
    }
    topOrigin = try string("topOrigin")
  }
}
