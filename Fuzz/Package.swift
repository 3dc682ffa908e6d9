// swift-tools-version:6.2
// libFuzzer targets for MVVMWeb's parsers (issue 12). A separate package so the main one is
// untouched: its modules are compiled again here from the symlinks in Linked/ (the main package
// exports no library product to depend on), and every target gets the fuzzer and address
// sanitizers. Build and run through scripts/fuzz; see README.md.
import CompilerPluginSupport
import PackageDescription

/// Coverage instrumentation and ASan for the code under test and the fuzz entry points.
let sanitized: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

/// A fuzz target: `Sources/<name>/main.swift` exports `LLVMFuzzerTestOneInput`; libFuzzer's own
/// `main` runs it, so the Swift file is parsed as a library (no top-level code, no Swift main).
func fuzzer(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(
    name: name, dependencies: dependencies + ["FuzzSupport"],
    swiftSettings: sanitized,
    linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
}

let package = Package(
  name: "MVVMWebFuzz",
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: [
    .systemLibrary(name: "CFuzzerDriver"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], swiftSettings: sanitized),

    // The main package's modules, from Linked/<name> -> ../../Sources/<name>.
    .systemLibrary(name: "CMVVMWebXML2", path: "Linked/CMVVMWebXML2", pkgConfig: "libxml-2.0"),
    .systemLibrary(name: "CMVVMWebZlib", path: "Linked/CMVVMWebZlib", pkgConfig: "zlib"),
    .systemLibrary(name: "CMVVMWebEpoll", path: "Linked/CMVVMWebEpoll"),
    .target(
      name: "MVVMWebServer",
      dependencies: [
        "CMVVMWebZlib", "CMVVMWebEpoll", .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      path: "Linked/MVVMWebServer",
      swiftSettings: sanitized),
    // The @Outputs macro runs in the compiler, so it is built as it is, without sanitizers.
    .macro(
      name: "MVVMWebMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ], path: "Linked/MVVMWebMacros"),
    .target(
      name: "MVVMWebViewModels", dependencies: ["MVVMWebMacros"], path: "Linked/MVVMWebViewModels",
      swiftSettings: sanitized),
    .target(
      name: "MVVMWebTemplates", dependencies: ["CMVVMWebXML2", "MVVMWebViewModels"],
      path: "Linked/MVVMWebTemplates",
      resources: [.embedInCode("Loading/mvvmweb-template.rng")],
      swiftSettings: sanitized),
    // Without its SQLite and PostgreSQL stores, the files that need GRDB or libpq: no dependency
    // to fetch and build.
    .target(
      name: "Memories", dependencies: ["MVVMWebViewModels"], path: "Linked/Memories",
      exclude: [
        "Store/SQLiteMemoriesStore.swift", "Store/PostgresMemoriesStore.swift",
      ], swiftSettings: sanitized),

    // Passkeys' parsers, without Verification/ (the files that need swift-crypto): no package
    // to fetch and build, and every parser is in.
    .target(
      name: "MVVMWebPasskeys", path: "Linked/MVVMWebPasskeys", exclude: ["Verification"],
      swiftSettings: sanitized),

    fuzzer("FuzzHeadParser", ["MVVMWebServer"]),
    fuzzer("FuzzChunkedDecoder", ["MVVMWebServer"]),
    fuzzer("FuzzForm", ["MVVMWebServer"]),
    fuzzer("FuzzHeaderValues", ["MVVMWebServer"]),
    fuzzer("FuzzTemplate", ["MVVMWebTemplates", "MVVMWebViewModels"]),
    fuzzer("FuzzMemories", ["Memories", "MVVMWebViewModels"]),
    fuzzer("FuzzCBOR", ["MVVMWebPasskeys"]),
    fuzzer("FuzzAuthenticatorData", ["MVVMWebPasskeys"]),
    fuzzer("FuzzCOSEKey", ["MVVMWebPasskeys"]),
    fuzzer("FuzzClientData", ["MVVMWebPasskeys"]),
  ],
  swiftLanguageModes: [.v6]
)
