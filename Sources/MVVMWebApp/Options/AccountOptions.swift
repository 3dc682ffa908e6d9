import ArgumentParser
import MVVMWebAccounts

/// How long sessions last, and how recent a sign-in a sensitive action needs.
struct AccountOptions: ParsableArguments {
  @Option(
    name: .customLong("session-idle-days"),
    help: ArgumentHelp(
      "Days a session may go unused before it ends (the person signs in again).",
      valueName: "days"))
  var idleDays = 7.0

  @Option(
    name: .customLong("session-days"),
    help: ArgumentHelp(
      "Days a session lasts at most, however much it is used.", valueName: "days"))
  var lifetimeDays = 30.0

  @Option(
    name: .customLong("reauthenticate-minutes"),
    help: ArgumentHelp(
      "Minutes a sign-in counts as recent: a sensitive action (changing a password, ending other sessions, removing a passkey, a route marked recent) asks for the password or a passkey again after that.",
      valueName: "minutes"))
  var recentMinutes = 15.0

  func validate() throws {
    guard (0.01...365).contains(idleDays), (0.01...3650).contains(lifetimeDays) else {
      throw ValidationError(
        "--session-idle-days must be from 0.01 to 365, --session-days from 0.01 to 3650")
    }
    guard idleDays <= lifetimeDays else {
      throw ValidationError("--session-idle-days must be at most --session-days")
    }
    guard (1...1440).contains(recentMinutes) else {
      throw ValidationError("--reauthenticate-minutes must be from 1 to 1440")
    }
  }

  /// The settings these flags give.
  var settings: AccountSettings {
    AccountSettings(
      idleLifetime: .milliseconds(Int(idleDays * 86_400_000)),
      absoluteLifetime: .milliseconds(Int(lifetimeDays * 86_400_000)),
      recentSignIn: .milliseconds(Int(recentMinutes * 60_000)))
  }
}
