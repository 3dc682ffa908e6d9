/// This release of the framework: its version and where its package is published, as a user's
/// `Package.swift` names it (`.package(url: MVVMWebRelease.url, from: MVVMWebRelease.version)`).
/// `CHANGELOG.md` and the README's install line say the same; `scripts/check-docs` checks it.
public enum MVVMWebRelease {
  /// The version, `MAJOR.MINOR.PATCH`.
  public static let version = "0.1.0"
  /// The package's address.
  public static let url = "https://github.com/mvvmweb/mvvmweb"
}
