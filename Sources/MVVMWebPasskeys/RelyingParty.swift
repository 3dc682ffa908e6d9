/// A site as WebAuthn's relying party: the RP ID its passkeys are scoped to, the origins its
/// pages run on, and its policy. It verifies registrations and assertions (WebAuthn level 3,
/// §7.1 and §7.2) from a ceremony's byte strings, and knows nothing of HTTP, accounts or stores.
///
/// The accounts' pages make one for each ceremony, from the request's host:
///
/// ```swift
/// let site = RelyingParty(
///   id: String(HostName.withoutPort(host)).lowercased(),
///   origins: ["\(request.scheme)://\(host.lowercased())"])
/// ```
///
/// ## What is checked, and why
/// - **The client data** (read by our own bounded JSON reader): its `type` (a registration's
///   response cannot sign someone in), its `challenge` (the one this ceremony issued: no replay),
///   its `origin` (one of ours: a phishing page on another origin gets no valid response), and
///   no `crossOrigin` or `topOrigin` (a site never runs its ceremonies in someone else's frame).
/// - **The authenticator data**: the RP ID hash (the credential is scoped to us), UP (someone was
///   there), UV when ``requiresUserVerification`` (a PIN or biometric: the passkey is a second
///   factor in itself, which is what makes it enough alone), BS only with BE, and at an assertion
///   BE unchanged since registration and a signature counter that increases when it is used.
/// - **The credential's key**: a COSE key of an algorithm in ``algorithms``, whose numbers
///   swift-crypto accepts (a point on the curve), and at an assertion the signature over the
///   authenticator data and the client data's SHA-256.
/// - **Every byte string** is bounded before it is read (client data 16 KiB, attestation object
///   64 KiB, authenticator data 16 KiB, signature 1 KiB, user handle 64 bytes), and our parsers
///   (CBOR, authenticator data, COSE keys, JSON) never trap: each failure is a ``PasskeyError``.
///
/// ## What is not
/// - **Attestation trust.** A registration's statement can name the authenticator's model through
///   a certificate chain; we accept `none` and self attestation (verified) and refuse the rest,
///   since without a vendor's roots it would prove nothing (see `AttestationObject+Statement`).
///   The AAGUID is reported as the authenticator says, unverified: a label, not a proof.
/// - **What needs a store**: that a challenge is used once, that a credential ID is not already
///   registered, finding the credential an assertion names. Those are the caller's, who keeps the
///   challenge and the ``PasskeyCredential``.
/// - **Extensions** are read for well-formedness and ignored.
public struct RelyingParty: Sendable, Hashable {
  /// The RP ID: the site's domain (`example.com`, `localhost`), which passkeys are scoped to. It
  /// must be the origins' host or a registrable suffix of it; the browser enforces that.
  public var id: String
  /// The origins a ceremony may run on, as browsers serialize them (`https://example.com`,
  /// `http://localhost:8080`: scheme, host, a port only when not the default, no slash), compared
  /// exactly.
  public var origins: Set<String>
  /// Whether the authenticator must have verified the person (UV): true unless a site has a
  /// second factor of its own.
  public var requiresUserVerification: Bool
  /// The algorithms a new credential may use, as the site lists them in `pubKeyCredParams`.
  public var algorithms: [COSEAlgorithm]

  /// A relying party with `id` and the `origins` its pages are served from.
  public init(
    id: String, origins: Set<String>, requiresUserVerification: Bool = true,
    algorithms: [COSEAlgorithm] = COSEAlgorithm.allCases
  ) {
    self.id = id
    self.origins = origins
    self.requiresUserVerification = requiresUserVerification
    self.algorithms = algorithms
  }
}
