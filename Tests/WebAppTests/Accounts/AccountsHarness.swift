import Foundation
import MVVMWeb
import MVVMWebTesting

@testable import MVVMWebAccounts

/// What the accounts' tests do to the demo as its people do: an admin adds someone and hands
/// them the one-time link, they set a password there, sign in and out, each with the cookie a
/// browser would keep.
extension AppHarness {
  /// The demo's accounts.
  var accounts: Accounts {
    get throws { try context.accounts() }
  }

  /// A session of `name` with `role` (the account made if it is new), without a password: the
  /// cookie (`name=value`) for tests about what a viewer may do, which need no Argon2 hash each.
  func session(_ name: String, role: Role = .member) async throws -> String {
    guard let sessions = website.sessions else { throw TestFailure("The site has no accounts") }
    let cookie = try await sessions.signInForTesting(name: name, role: role)
    return "\(cookie.name)=\(cookie.value)"
  }

  /// Adds `name` with `role` as `accounts add` does and sets `password` through the link's page:
  /// the session cookie the browser is left with (`name=value`).
  func person(
    _ name: String, role: Role = .member, password: String = "correct horse battery"
  ) async throws -> String {
    let (_, link) = try await accounts.add(name: name, role: role)
    let answer = try await form("/account/welcome", [("code", link.code), ("password", password)])
    guard answer.status == 303, let cookie = Self.sessionCookie(answer) else {
      throw TestFailure("Setting \(name)'s password answered \(answer.status): \(answer.text)")
    }
    return cookie
  }

  /// Posts `fields` as a browser's form of the site's own, with `cookie` if given, and with
  /// `headers`.
  func form(
    _ path: String, _ fields: [(name: String, value: String)], cookie: String? = nil,
    headers: [(name: String, value: String)] = []
  ) async throws -> TestResponse {
    try await TestClient(port: server.port).post(
      path, form: fields, headers: headers + (cookie.map { [("Cookie", $0)] } ?? []))
  }

  /// GETs `path` with `cookie` if given.
  func page(_ path: String, cookie: String?) async throws -> TestResponse {
    try await get(path, headers: cookie.map { [("Cookie", $0)] } ?? [], signedOut: true)
  }

  /// The session cookie an answer sets, as `name=value`; nil when it sets none (or clears it).
  static func sessionCookie(_ answer: TestResponse) -> String? {
    answer.headers.lazy.filter { $0.name.lowercased() == "set-cookie" }
      .compactMap { $0.value.split(separator: ";").first.map(String.init) }
      .first { $0.hasPrefix("mvvmweb-session=") && $0 != "mvvmweb-session=" }
  }
}
