/// Why a registration or an assertion was refused: each case names the one check that failed, in
/// the order WebAuthn level 3 runs them (§7.1, §7.2), and `description` says it in words.
///
/// A site answers every one of them with a 400 and its own words: none is the server's fault.
public enum PasskeyError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// An input is longer than its bound (see ``PasskeyInput``): refused before it is read.
  case tooLarge(PasskeyInput, size: Int, limit: Int)
  /// An input is empty where bytes are needed.
  case empty(PasskeyInput)
  /// The client data is not a JSON object (at a byte offset of `clientDataJSON`).
  case malformedClientData(offset: Int, JSONProblem)
  /// The client data lacks a member every ceremony has (`type`, `challenge` or `origin`).
  case missingClientDataMember(String)
  /// A client data member has the wrong JSON type (`crossOrigin` must be a boolean, the others
  /// strings).
  case clientDataMemberType(String, expected: String)
  /// The client data is for another ceremony: `webauthn.create` for a registration,
  /// `webauthn.get` for an assertion.
  case wrongType(expected: String, received: String)
  /// The client data's challenge is not the one this ceremony issued.
  case challengeMismatch
  /// The page that ran the ceremony is not one of the relying party's origins.
  case originNotAllowed(String)
  /// The ceremony ran in a cross-origin frame (`crossOrigin: true`), which we never expect.
  case crossOriginNotAllowed
  /// The ceremony ran in a frame under another top-level page (`topOrigin`).
  case topOriginNotAllowed(String)
  /// A CBOR item is malformed or outside the subset WebAuthn uses, at a byte offset of the input.
  case malformedCBOR(PasskeyInput, offset: Int, CBORProblem)
  /// The attestation object decodes but lacks a member or has one of the wrong type.
  case malformedAttestationObject(String)
  /// The authenticator data is malformed at a byte offset.
  case malformedAuthenticatorData(offset: Int, AuthenticatorDataProblem)
  /// A registration's authenticator data has no attested credential data (the AT flag is off).
  case missingAttestedCredentialData
  /// The credential public key (COSE_Key) is malformed or not the key its algorithm needs.
  case malformedPublicKey(PublicKeyProblem)
  /// The credential's algorithm (a COSE algorithm identifier) is not one the relying party takes.
  case unsupportedAlgorithm(Int)
  /// The attestation statement's format is not `none` or self-attested `packed`.
  case unsupportedAttestation(String)
  /// The attestation statement is malformed for its format.
  case malformedAttestationStatement(String)
  /// A self attestation's signature does not verify with the credential's own key.
  case badAttestationSignature
  /// The authenticator data is for another relying party: its RP ID hash is not SHA-256 of ours.
  case rpIDHashMismatch
  /// The authenticator did not test that a person was present (the UP flag is off).
  case userNotPresent
  /// The authenticator did not verify the person (the UV flag is off), and the relying party
  /// requires it.
  case userNotVerified
  /// The BS flag (backed up) is set without BE (backup eligible), which cannot be.
  case backupStateWithoutEligibility
  /// The credential's backup eligibility (BE) differs from the one it was registered with.
  case backupEligibilityChanged(registered: Bool, received: Bool)
  /// The assertion's signature is not a signature of its algorithm's encoding (DER for ECDSA,
  /// 64 bytes for Ed25519).
  case malformedSignature
  /// The assertion's signature does not verify with the credential's public key.
  case badSignature
  /// The signature counter did not increase although one of the two counts is non-zero: a
  /// sign that the credential may have been cloned, or that an assertion was replayed.
  case signCountNotIncreased(stored: UInt32, received: UInt32)
  /// The assertion carries no user handle; a discoverable credential always returns one.
  case userHandleMissing
  /// The assertion's user handle is not the one of the account that owns the credential.
  case userHandleMismatch

  /// The failed check in a sentence, for a log line or a 400 page.
  public var description: String {
    switch self {
    case .tooLarge(let input, let size, let limit):
      "The \(input) is \(size) bytes, over the limit of \(limit)."
    case .empty(let input): "The \(input) is empty."
    case .malformedClientData(let offset, let problem):
      "The client data JSON is malformed at byte \(offset): \(problem)."
    case .missingClientDataMember(let name): "The client data has no \"\(name)\"."
    case .clientDataMemberType(let name, let expected):
      "The client data's \"\(name)\" is not a \(expected)."
    case .wrongType(let expected, let received):
      "The client data's type is \"\(received)\", expected \"\(expected)\"."
    case .challengeMismatch: "The client data's challenge is not the one issued for this ceremony."
    case .originNotAllowed(let origin): "The origin \"\(origin)\" is not one of this site's."
    case .crossOriginNotAllowed: "The ceremony ran in a cross-origin frame."
    case .topOriginNotAllowed(let origin):
      "The ceremony ran in a frame under \"\(origin)\", which this site does not allow."
    case .malformedCBOR(let input, let offset, let problem):
      "The \(input) is malformed CBOR at byte \(offset): \(problem)."
    case .malformedAttestationObject(let reason): "The attestation object \(reason)."
    case .malformedAuthenticatorData(let offset, let problem):
      "The authenticator data is malformed at byte \(offset): \(problem)."
    case .missingAttestedCredentialData:
      "The authenticator data has no attested credential data (AT flag off)."
    case .malformedPublicKey(let problem): "The credential public key \(problem)."
    case .unsupportedAlgorithm(let algorithm):
      "The credential's algorithm \(algorithm) is not one this site accepts."
    case .unsupportedAttestation(let format):
      "The attestation \(format) is not supported (only none and self-attested packed)."
    case .malformedAttestationStatement(let reason): "The attestation statement \(reason)."
    case .badAttestationSignature:
      "The self attestation's signature does not verify with the credential's key."
    case .rpIDHashMismatch: "The authenticator data is for another site (RP ID hash)."
    case .userNotPresent: "The authenticator did not test for user presence (UP flag off)."
    case .userNotVerified: "The authenticator did not verify the user (UV flag off)."
    case .backupStateWithoutEligibility:
      "The authenticator data says backed up (BS) but not backup eligible (BE)."
    case .backupEligibilityChanged(let registered, let received):
      "The credential's backup eligibility changed from \(registered) to \(received)."
    case .malformedSignature: "The signature is not in its algorithm's encoding."
    case .badSignature: "The signature does not verify with the credential's public key."
    case .signCountNotIncreased(let stored, let received):
      "The signature counter went from \(stored) to \(received); it must increase."
    case .userHandleMissing: "The assertion has no user handle."
    case .userHandleMismatch: "The assertion's user handle is not its credential's account."
    }
  }
}

/// One of the byte strings a ceremony hands over, as an error names it.
public enum PasskeyInput: String, Sendable, Hashable, CustomStringConvertible {
  /// `response.clientDataJSON`.
  case clientDataJSON = "client data JSON"
  /// `response.attestationObject` (registration).
  case attestationObject = "attestation object"
  /// `response.authenticatorData` (assertion), or the one inside the attestation object.
  case authenticatorData = "authenticator data"
  /// `response.signature` (assertion).
  case signature
  /// `response.userHandle` (assertion), or the user ID a registration was made for.
  case userHandle = "user handle"
  /// The challenge the relying party issued.
  case challenge
  /// The COSE_Key a credential was stored with.
  case publicKey = "credential public key"

  /// The input's name in words.
  public var description: String { rawValue }
}
