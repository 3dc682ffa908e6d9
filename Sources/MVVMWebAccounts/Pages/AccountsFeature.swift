import Foundation
import MVVMWeb

/// The accounts' pages, the same in every app and styled by its templates: signing in
/// (`/sign-in`), signing out (`/sign-out`), a person's own account (`/account`: their sessions,
/// ended one by one or all but this one, and their password), and the page a one-time link
/// opens (`/account/welcome`). Registered by `Site.addAccounts`, with the site's session
/// resolver.
struct AccountsFeature: Feature {
  let accounts: Accounts

  func register(in site: inout Site) {
    site.links(for: AccountDestination.self) { $0.path }
    let signIn = site.declare(SignInPage.self)
    let account = site.declare(AccountPage.self)
    let welcome = site.declare(WelcomePage.self)
    let accounts = accounts
    let lifetime = Int(Accounts.seconds(accounts.settings.absoluteLifetime))
    registerPasskeys(in: &site, lifetime: lifetime)

    site.get(AccountRoutes.signIn, allowed: .everyone) { request, back, again in
      let returnTo = Self.localPath(back, request)
      guard request.session == nil || again != nil else { return .redirect(to: returnTo) }
      return AccountNotice.showing(on: request) { notice in
        let page = SignInViewModel(
          returnTo: returnTo,
          notice: again == nil
            ? notice : "Sign in again to go on: what you asked for cannot be undone.",
          name: request.session?.account ?? "")
        return signIn.render(page, for: request)
      }
    }
    site.post(AccountRoutes.signIn, allowed: .everyone) { request, _, _ async throws in
      let form = SignInViewModel(returnTo: "")
      try request.submission(for: SignInViewModel.self).send(to: form)
      let returnTo = Self.localPath(form.returnTo, request)
      let outcome: Accounts.SignInOutcome
      do {
        outcome = try await accounts.signIn(
          name: form.name, password: form.typedPassword, client: request.clientAddress,
          agent: request.headers["user-agent"] ?? "")
      } catch PasswordLaneError.busy {
        form.refuse(Self.busy)
        return Self.retryLater(signIn.render(form, for: request, status: .serviceUnavailable), 5)
      }
      switch outcome {
      case .signedIn(let token, _):
        // A new token at every sign-in: the session the browser had (if any) ends.
        if let old = SessionCookie.token(in: request) { try await accounts.signOut(old.hash) }
        var response = Response.redirect(to: returnTo)
        response.headers.add(
          "Set-Cookie", SessionCookie.set(token, for: request, lifetime: lifetime))
        return response
      case .refused:
        form.refuse("The name or the password is wrong.")
        return signIn.render(form, for: request, status: .unprocessableContent)
      case .wait(let seconds):
        form.refuse(
          "Too many wrong tries for this account or from this address: wait \(seconds) "
            + "second\(seconds == 1 ? "" : "s") and try again.")
        return Self.retryLater(signIn.render(form, for: request, status: .tooManyRequests), seconds)
      }
    }
    site.post(AccountRoutes.signOut, allowed: .everyone) { request async throws in
      guard CrossSiteCheck.allows(request) else { throw CrossSiteCheck.refusal }
      if let token = SessionCookie.token(in: request) { try await accounts.signOut(token.hash) }
      var response = AccountNotice.signedOut.redirect(
        to: request.location(AccountRoutes.signIn.path(nil, nil)), for: request)
      response.headers.add("Set-Cookie", SessionCookie.cleared(for: request))
      return response
    }
    site.get(AccountRoutes.account, allowed: .signedIn) { request async throws in
      try await AccountNotice.showing(on: request) { notice in
        account.render(try await Self.accountPage(accounts, request, notice: notice), for: request)
      }
    }
    site.post(AccountRoutes.endSession, allowed: .recent(.signedIn)) { request async throws in
      let page = try await Self.accountPage(accounts, request, notice: nil)
      try request.submission(for: AccountViewModel.self).send(to: page)
      guard let ending = page.sessions.first(where: { $0.id == page.sessionToEnd && !$0.isCurrent })
      else {
        throw HTTPError(
          .notFound, "There is no other session of yours with that id: it may have ended already.")
      }
      let (own, current) = try await Self.signedIn(accounts, request)
      let sessions = try await accounts.executor.read { try accounts.store.sessions(of: own.id) }
      if let hash = sessions.first(where: { $0.hash.hex.hasPrefix(ending.id) })?.hash,
        hash != current
      {
        try await accounts.signOut(hash)
      }
      return AccountNotice.sessionEnded.redirect(
        to: request.location(AccountRoutes.account.path()), for: request)
    }
    site.post(AccountRoutes.endOthers, allowed: .recent(.signedIn)) { request async throws in
      guard CrossSiteCheck.allows(request) else { throw CrossSiteCheck.refusal }
      let (own, current) = try await Self.signedIn(accounts, request)
      try await accounts.endSessions(of: own.id, keeping: current)
      return AccountNotice.othersEnded.redirect(
        to: request.location(AccountRoutes.account.path()), for: request)
    }
    site.post(AccountRoutes.password, allowed: .recent(.signedIn)) { request async throws in
      let page = try await Self.accountPage(accounts, request, notice: nil)
      try request.submission(for: AccountViewModel.self).send(to: page)
      let (own, current) = try await Self.signedIn(accounts, request)
      do {
        try await accounts.changePassword(
          of: own, current: page.typed.current, to: page.typed.new, keeping: current)
      } catch Accounts.PasswordRefusal.wrongCurrent {
        page.refuseCurrent("This is not your current password.")
        return account.render(page, for: request, status: .unprocessableContent)
      } catch Accounts.PasswordRefusal.rule(let reason) {
        page.refusePassword(reason)
        return account.render(page, for: request, status: .unprocessableContent)
      } catch PasswordLaneError.busy {
        page.refusePassword(Self.busy)
        return Self.retryLater(account.render(page, for: request, status: .serviceUnavailable), 5)
      }
      return AccountNotice.passwordChanged.redirect(
        to: request.location(AccountRoutes.account.path()), for: request)
    }
    site.get(AccountRoutes.welcome, allowed: .everyone) { request, code async throws in
      let page = WelcomeViewModel(code: code ?? "")
      // A used or expired link says so at once, not after a password is chosen for nothing.
      let alive = try await accounts.linkAccount(code: page.code) != nil
      if !alive { page.refuseLink() }
      var response = welcome.render(page, for: request, status: alive ? .ok : .gone)
      // The page holds the link's code: no cache keeps it, no other site is told it.
      response.headers.replaceOrAdd("Cache-Control", "no-store")
      return response
    }
    site.post(AccountRoutes.welcome, allowed: .everyone) { request, _ async throws in
      let page = WelcomeViewModel(code: "")
      try request.submission(for: WelcomeViewModel.self).send(to: page)
      do {
        let (token, _) = try await accounts.welcome(
          code: page.code, password: page.typedPassword, client: request.clientAddress,
          agent: request.headers["user-agent"] ?? "")
        var response = AccountNotice.passwordSet.redirect(
          to: request.location(AccountRoutes.account.path()), for: request)
        response.headers.add(
          "Set-Cookie", SessionCookie.set(token, for: request, lifetime: lifetime))
        return response
      } catch Accounts.PasswordRefusal.rule(let reason) {
        page.refusePassword(reason)
      } catch Accounts.PasswordRefusal.deadLink {
        page.refuseLink()
        return welcome.render(page, for: request, status: .gone)
      } catch PasswordLaneError.busy {
        page.refusePassword(Self.busy)
        var response = Self.retryLater(
          welcome.render(page, for: request, status: .serviceUnavailable), 5)
        response.headers.replaceOrAdd("Cache-Control", "no-store")
        return response
      }
      var response = welcome.render(page, for: request, status: .unprocessableContent)
      response.headers.replaceOrAdd("Cache-Control", "no-store")
      return response
    }
  }

  /// What a form that hashes a password says when the password lane is full (a 503).
  static let busy = "Too many people are signing in at once: try again in a few seconds."

  /// The signed-in account and the session's key, read again (its role may have changed).
  static func signedIn(
    _ accounts: Accounts, _ request: Request
  ) async throws
    -> (Account, TokenHash)
  {
    // The account from the store, not the session cache's copy: that copy dates from the
    // sign-in, and a password set or removed since must not be checked against it.
    guard let key = request.session.flatMap({ TokenHash(hex: $0.key) }),
      let entry = try await accounts.session(key),
      let account = try await accounts.executor.read({
        try accounts.store.account(id: entry.account.id)
      })
    else {
      throw AnswerInstead(.redirect(to: request.location(AccountRoutes.signIn.path(nil, nil))))
    }
    return (account, key)
  }

  /// The account page of the signed-in person.
  static func accountPage(
    _ accounts: Accounts, _ request: Request, notice: String?
  ) async throws
    -> AccountViewModel
  {
    let (own, current) = try await signedIn(accounts, request)
    let (sessions, passkeys) = try await accounts.executor.read {
      (try accounts.store.sessions(of: own.id), try accounts.store.passkeys(of: own.id))
    }
    return AccountViewModel(
      account: own, sessions: sessions, passkeys: passkeys, currentKey: current,
      now: accounts.now(), notice: notice)
  }

  /// `path` when it is a path of this site to return to (one slash first, no scheme, nothing
  /// but printable ASCII, at most 512 bytes); the site's front page otherwise, so the sign-in
  /// page sends nobody to another site.
  static func localPath(_ path: String?, _ request: Request) -> String {
    guard let path, path.utf8.count <= 512, path.hasPrefix("/"), !path.hasPrefix("//"),
      !path.hasPrefix("/\\"), path.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else { return request.location("/") }
    return path
  }

  /// `response` with `Retry-After: seconds`.
  static func retryLater(_ response: Response, _ seconds: Int) -> Response {
    var response = response
    response.headers.replaceOrAdd("Retry-After", String(seconds))
    return response
  }
}
