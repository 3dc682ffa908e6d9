import Foundation
import MVVMWeb
import MVVMWebPasskeys

/// The passkeys' routes: challenges and answers in JSON for the passkeys' script, and the plain
/// forms that rename and remove a passkey or remove a password.
extension AccountsFeature {
  /// The fields the passkeys' script sends (`passkeys.js` names them too).
  enum Field {
    static let challenge = "challenge"
    static let credential = "id"
    static let clientData = "clientDataJSON"
    static let attestation = "attestationObject"
    static let authenticatorData = "authenticatorData"
    static let signature = "signature"
    static let userHandle = "userHandle"
    static let code = "code"
    static let passkeyName = "passkeyName"
  }

  /// A challenge for signing in with any passkey of the site's (the discoverable flow).
  struct SignInOptions: Encodable {
    let challenge: String
    let rpId: String
    let timeout: Int
  }

  /// A challenge for making a passkey for an account, with what the browser needs to make it.
  struct CreationOptions: Encodable {
    let challenge: String
    let rpId: String
    let rpName: String
    let userHandle: String
    let userName: String
    let exclude: [String]
    let timeout: Int
  }

  /// Where the browser goes once a ceremony has succeeded.
  struct Finished: Encodable {
    let location: String
  }

  /// Why a ceremony failed.
  struct Failed: Encodable {
    let error: String
  }

  func registerPasskeys(in site: inout Site, lifetime: Int) {
    let accounts = accounts
    site.get(AccountRoutes.passkeyScript, allowed: .everyone) { request in
      PasskeyScript.file.respond(to: request, cacheControl: "public, max-age=3600")
    }
    site.post(AccountRoutes.signInPasskeyOptions, allowed: .everyone) { request async throws in
      try await Self.ceremony(request) { form, site in
        let challenge = try await accounts.challenge(for: .signIn)
        return Self.json(
          SignInOptions(
            challenge: challenge.text, rpId: site.id,
            timeout: Int(Accounts.challengeLifetime * 1000)))
      }
    }
    site.post(AccountRoutes.signInPasskey, allowed: .everyone) { request async throws in
      try await Self.ceremony(request) { form, site in
        let (token, _) = try await accounts.signIn(
          passkey: try Self.bytes(form, Field.credential, limit: 1_023),
          challenge: try Self.challenge(form),
          clientDataJSON: try Self.bytes(form, Field.clientData),
          authenticatorData: try Self.bytes(form, Field.authenticatorData),
          signature: try Self.bytes(form, Field.signature, limit: 1_024),
          userHandle: try? Self.bytes(form, Field.userHandle, limit: 64), site: site,
          client: request.clientAddress, agent: request.headers["user-agent"] ?? "")
        if let old = SessionCookie.token(in: request) { try await accounts.signOut(old.hash) }
        var response = Self.json(Finished(location: Self.localPath(form["return"], request)))
        response.headers.add(
          "Set-Cookie", SessionCookie.set(token, for: request, lifetime: lifetime))
        return response
      }
    }
    site.post(AccountRoutes.passkeyOptions, allowed: .recent(.signedIn)) { request async throws in
      try await Self.ceremony(request) { _, site in
        let (account, _) = try await Self.signedIn(accounts, request)
        return try await Self.creationOptions(accounts, for: account, site: site)
      }
    }
    site.post(AccountRoutes.passkeys, allowed: .recent(.signedIn)) { request async throws in
      try await Self.ceremony(request) { form, site in
        let (account, _) = try await Self.signedIn(accounts, request)
        try await accounts.addPasskey(
          to: account, challenge: try Self.challenge(form),
          clientDataJSON: try Self.bytes(form, Field.clientData),
          attestationObject: try Self.bytes(form, Field.attestation, limit: 65_536),
          name: form[Field.passkeyName] ?? "", site: site)
        var response = Self.json(
          Finished(location: request.location(AccountRoutes.account.path())))
        response.headers.add("Set-Cookie", AccountNotice.passkeyAdded.cookie(for: request))
        return response
      }
    }
    site.post(AccountRoutes.welcomePasskeyOptions, allowed: .everyone) { request async throws in
      try await Self.ceremony(request) { form, site in
        guard let account = try await accounts.linkAccount(code: form[Field.code] ?? "") else {
          throw Accounts.PasskeyRefusal(
            reason: "This link has been used or has expired. Ask an admin for a new one.")
        }
        return try await Self.creationOptions(accounts, for: account, site: site)
      }
    }
    site.post(AccountRoutes.welcomePasskey, allowed: .everyone) { request async throws in
      try await Self.ceremony(request) { form, site in
        let (token, _) = try await accounts.welcome(
          code: form[Field.code] ?? "", challenge: try Self.challenge(form),
          clientDataJSON: try Self.bytes(form, Field.clientData),
          attestationObject: try Self.bytes(form, Field.attestation, limit: 65_536), site: site,
          client: request.clientAddress, agent: request.headers["user-agent"] ?? "")
        var response = Self.json(
          Finished(location: request.location(AccountRoutes.account.path())))
        response.headers.add(
          "Set-Cookie", SessionCookie.set(token, for: request, lifetime: lifetime))
        response.headers.add("Set-Cookie", AccountNotice.passkeySet.cookie(for: request))
        return response
      }
    }
    site.post(AccountRoutes.renamePasskey, allowed: .signedIn) { request async throws in
      let page = try await Self.accountPage(accounts, request, notice: nil)
      try request.submission(for: AccountViewModel.self).send(to: page)
      let (account, _) = try await Self.signedIn(accounts, request)
      let name = Accounts.passkeyName(page.passkeyNameTyped)
      guard let id = page.passkeyToChange.flatMap({ Base64URL.decode($0, maximumLength: 1_023) }),
        try await accounts.executor.write({
          try accounts.store.renamePasskey(credentialID: id, of: account.id, to: name)
        })
      else { throw Self.noSuchPasskey }
      return AccountNotice.passkeyRenamed.redirect(
        to: request.location(AccountRoutes.account.path()), for: request)
    }
    site.post(AccountRoutes.removePasskey, allowed: .recent(.signedIn)) { request async throws in
      let page = try await Self.accountPage(accounts, request, notice: nil)
      try request.submission(for: AccountViewModel.self).send(to: page)
      let (account, _) = try await Self.signedIn(accounts, request)
      guard let id = page.passkeyToChange.flatMap({ Base64URL.decode($0, maximumLength: 1_023) })
      else { throw Self.noSuchPasskey }
      // The last way in is kept: an account without a password keeps one passkey at least.
      if account.passwordHash == nil, page.passkeys.count <= 1 {
        throw HTTPError(
          .conflict,
          "This is your only way to sign in: add another passkey or set a password first.")
      }
      guard
        try await accounts.executor.write({
          try accounts.store.removePasskey(credentialID: id, of: account.id)
        })
      else { throw Self.noSuchPasskey }
      return AccountNotice.passkeyRemoved.redirect(
        to: request.location(AccountRoutes.account.path()), for: request)
    }
    site.post(AccountRoutes.removePassword, allowed: .recent(.signedIn)) { request async throws in
      guard CrossSiteCheck.allows(request) else { throw CrossSiteCheck.refusal }
      let (account, _) = try await Self.signedIn(accounts, request)
      guard try await !accounts.passkeys(of: account.id).isEmpty else {
        throw HTTPError(
          .conflict, "Add a passkey before removing your password: it is your only way to sign in.")
      }
      _ = try await accounts.executor.write {
        try accounts.store.setPasswordHash(nil, of: account.id)
      }
      return AccountNotice.passwordRemoved.redirect(
        to: request.location(AccountRoutes.account.path()), for: request)
    }
  }

  static let noSuchPasskey = HTTPError(
    .notFound, "You have no passkey with that id: it may have been removed already.")

  /// Runs a ceremony's step for the passkeys' script: the form read (cross-site posts refused),
  /// the site's relying party made from the request's host, and any refusal answered in JSON.
  static func ceremony(
    _ request: Request, _ step: (Parameters, RelyingParty) async throws -> Response
  ) async throws -> Response {
    let form = try request.checkedForm()
    guard let host = request.host else {
      return json(Failed(error: "The request names no host."), status: .badRequest)
    }
    let site = RelyingParty(
      id: String(HostName.withoutPort(host)).lowercased(),
      origins: ["\(request.scheme)://\(host.lowercased())"])
    do {
      return try await step(form, site)
    } catch let refusal as Accounts.PasskeyRefusal {
      return json(Failed(error: refusal.reason), status: .badRequest)
    } catch let error as HTTPError {
      return json(Failed(error: error.message), status: error.status)
    } catch PasswordLaneError.busy {
      return retryLater(json(Failed(error: busy), status: .serviceUnavailable), 5)
    }
  }

  /// The creation options for a passkey of `account`'s.
  static func creationOptions(
    _ accounts: Accounts, for account: Account, site: RelyingParty
  )
    async throws -> Response
  {
    let challenge = try await accounts.challenge(for: .register(account: account.id))
    let existing = try await accounts.passkeys(of: account.id)
    return json(
      CreationOptions(
        challenge: challenge.text, rpId: site.id, rpName: site.id,
        userHandle: Base64URL.encode(Accounts.handle(of: account.id)), userName: account.name,
        exclude: existing.map { Base64URL.encode($0.credentialID) },
        timeout: Int(Accounts.challengeLifetime * 1000)))
  }

  /// The challenge the form carries back.
  static func challenge(_ form: Parameters) throws -> SecretToken {
    guard let challenge = form[Field.challenge].flatMap({ SecretToken($0) }) else {
      throw Accounts.PasskeyRefusal(reason: "The passkey request has no challenge: try again.")
    }
    return challenge
  }

  /// The bytes of the base64url field `name`, at most `limit` of them.
  static func bytes(_ form: Parameters, _ name: String, limit: Int = 16_384) throws -> [UInt8] {
    guard let bytes = form[name].flatMap({ Base64URL.decode($0, maximumLength: limit) }) else {
      throw Accounts.PasskeyRefusal(reason: "The browser's answer lacks a readable \(name).")
    }
    return bytes
  }

  /// `value` as a JSON answer, never kept by a cache.
  static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> Response {
    let body = (try? JSONEncoder().encode(value)).map { Array($0) } ?? Array("{}".utf8)
    var response = Response(
      status: status, headers: ["Content-Type": "application/json"], body: .bytes(body))
    response.headers.add("Cache-Control", "no-store")
    return response
  }
}
