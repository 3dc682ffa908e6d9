import ArgumentParser
import Logging
import MVVMWeb

/// What the server logs, and how.
struct LogOptions: ParsableArguments {
  @Flag(help: "Turn off the access log (one line per request on standard error).")
  var quiet = false

  @Option(
    help: ArgumentHelp(
      "How log lines are written: text, or json (one object per line, for log shippers).",
      valueName: "format"))
  var logFormat = LineLogHandler.Format.text

  @Option(
    help: ArgumentHelp(
      "The least important lines logged: trace, debug, info (access lines), notice (refused requests), warning, error, critical.",
      valueName: "level"))
  var logLevel = Logger.Level.info

  /// Sends every log line of the process to standard error, as these options say.
  func bootstrap() {
    let (format, level) = (logFormat, logLevel)
    LoggingSystem.bootstrap { _ in LineLogHandler(format: format, level: level) }
  }
}

extension LineLogHandler.Format: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
