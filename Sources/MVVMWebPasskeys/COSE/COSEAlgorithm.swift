/// The signature algorithms a credential may use, by COSE algorithm identifier (IANA COSE
/// Algorithms): the three every browser can hand over as a public key (WebAuthn §5.2.1.1), in
/// the order a site lists them in `pubKeyCredParams` (ES256 first: every authenticator has it).
public enum COSEAlgorithm: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// ECDSA on P-256 with SHA-256, DER signatures: what passkeys use.
  case es256 = -7
  /// EdDSA on Ed25519.
  case eddsa = -8
  /// RSASSA-PKCS1-v1_5 with SHA-256 (Windows Hello's keys), 2048 to 4096 bits.
  case rs256 = -257

  /// The algorithm's COSE name.
  public var description: String {
    switch self {
    case .es256: "ES256"
    case .eddsa: "EdDSA"
    case .rs256: "RS256"
    }
  }
}
