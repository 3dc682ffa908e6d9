// passkey-verify: MVVMWebPasskeys as a command, for the differential test against py_webauthn
// (Tests/e2e/test_passkeys_differential.py). Reads a JSON array of cases on standard input and
// writes a JSON array of verdicts, one per case, in order:
//
//   {"ceremony": "registration", "rpID": "localhost", "origins": ["http://localhost:8080"],
//    "requireUserVerification": true, "clientDataJSON": "<base64url>",
//    "attestationObject": "<base64url>", "challenge": "<base64url>", "userHandle": "<base64url>"}
//   {"ceremony": "assertion", … "authenticatorData", "signature", "userHandle" (or null),
//    "challenge", "credential": {"id", "publicKey", "signCount", "backupEligible", "backedUp",
//    "userHandle"}}
//
//   → {"ok": true, "credential": {…}} or {"ok": false, "error": "<PasskeyError's words>"}
import Foundation
import MVVMWebPasskeys

struct Case: Decodable {
  var ceremony: String
  var rpID: String
  var origins: Set<String>
  var requireUserVerification: Bool
  var clientDataJSON: String
  var attestationObject: String?
  var authenticatorData: String?
  var signature: String?
  var challenge: String
  var userHandle: String?
  var credential: StoredCredential?
}

struct StoredCredential: Codable {
  var id: String
  var publicKey: String
  var signCount: UInt32
  var backupEligible: Bool
  var backedUp: Bool
  var userHandle: String

  init(_ credential: PasskeyCredential) {
    id = Base64URL.encode(credential.id)
    publicKey = Base64URL.encode(credential.publicKey)
    signCount = credential.signCount
    backupEligible = credential.isBackupEligible
    backedUp = credential.isBackedUp
    userHandle = Base64URL.encode(credential.userHandle)
  }
}

struct Verdict: Encodable {
  var ok: Bool
  var credential: StoredCredential?
  var error: String?
}

/// A case's base64url field; the cases are the test's own, so bad text is the test's bug.
struct BadField: Error, CustomStringConvertible {
  var name: String
  var description: String { "passkey-verify: \(name) is not base64url" }
}

func bytes(_ text: String?, _ name: String) throws -> [UInt8] {
  guard let text, let bytes = Base64URL.decode(text, maximumLength: 1 << 20) else {
    throw BadField(name: name)
  }
  return bytes
}

func verify(_ test: Case) throws -> Verdict {
  let site = RelyingParty(
    id: test.rpID, origins: test.origins, requiresUserVerification: test.requireUserVerification)
  let clientData = try bytes(test.clientDataJSON, "clientDataJSON")
  let challenge = try bytes(test.challenge, "challenge")
  do {
    if test.ceremony == "registration" {
      let credential = try site.verifyRegistration(
        clientDataJSON: clientData,
        attestationObject: try bytes(test.attestationObject, "attestationObject"),
        expectedChallenge: challenge, userHandle: try bytes(test.userHandle, "userHandle"))
      return Verdict(ok: true, credential: StoredCredential(credential))
    }
    guard let stored = test.credential else { throw BadField(name: "credential") }
    let credential = try PasskeyCredential(
      id: try bytes(stored.id, "credential.id"),
      publicKey: try bytes(stored.publicKey, "credential.publicKey"),
      signCount: stored.signCount, isBackupEligible: stored.backupEligible,
      isBackedUp: stored.backedUp, userHandle: try bytes(stored.userHandle, "credential.userHandle")
    )
    let updated = try site.verifyAssertion(
      clientDataJSON: clientData,
      authenticatorData: try bytes(test.authenticatorData, "authenticatorData"),
      signature: try bytes(test.signature, "signature"),
      userHandle: try test.userHandle.map { try bytes($0, "userHandle") },
      expectedChallenge: challenge, credential: credential)
    return Verdict(ok: true, credential: StoredCredential(updated))
  } catch let error as PasskeyError {
    return Verdict(ok: false, error: error.description)
  }
}

do {
  let cases = try JSONDecoder().decode(
    [Case].self, from: FileHandle.standardInput.readDataToEndOfFile())
  let verdicts = try cases.map(verify)
  FileHandle.standardOutput.write(try JSONEncoder().encode(verdicts))
} catch {
  FileHandle.standardError.write(Data("passkey-verify: \(error)\n".utf8))
  exit(2)
}
