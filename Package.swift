// swift-tools-version:6.2
// MVVMWeb: MVVM(-C) on the server. A Dispatch HTTP/1.1 server, XHTML templates checked by libxml2 at
// load time, and plain Swift view models. Layers are modules so the compiler keeps them apart:
// the app modules (League, Playlist, Users, Memories, Fortunes) and the view-model contract never
// see HTTP or templates.
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "MVVMWeb",
  products: [
    .executable(name: "mvvmweb", targets: ["mvvmweb"]),
    .library(name: "MVVMWebServer", targets: ["MVVMWebServer"]),
    .library(name: "MVVMWebTemplates", targets: ["MVVMWebTemplates"]),
    .library(name: "MVVMWebViewModels", targets: ["MVVMWebViewModels"]),
    .library(name: "MVVMWebPostgres", targets: ["MVVMWebPostgres"]),
    .library(name: "MVVMWebSQLite", targets: ["MVVMWebSQLite"]),
    .library(name: "MVVMWeb", targets: ["MVVMWeb"]),
    .library(name: "MVVMWebTesting", targets: ["MVVMWebTesting"]),
    .library(name: "MVVMWebApp", targets: ["MVVMWebApp"]),
    .library(name: "MVVMWebAccounts", targets: ["MVVMWebAccounts"]),
    .library(name: "MVVMWebPasskeys", targets: ["MVVMWebPasskeys"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // The vocabulary of HTTP (`HTTPRequest.Method`) that our public API speaks.
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    // `swift package generate-documentation`: the DocC catalog in Sources/MVVMWeb/MVVMWeb.docc.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // SHA-256 of session tokens and links, secure random, and passkeys' signatures (P-256
    // ECDSA, Ed25519, and RSA PKCS#1 v1.5 from _CryptoExtras).
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    // System libraries, through pkg-config (libxml2-dev, zlib1g-dev, libpq-dev).
    .systemLibrary(
      name: "CMVVMWebXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CMVVMWebZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CMVVMWebEpoll"),
    .systemLibrary(name: "CMVVMWebPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(
      name: "CMVVMWebArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),

    // The embedded default: one SQLite file, GRDB's pool for writes and cheap readers of its own.
    .target(
      name: "MVVMWebSQLite",
      dependencies: [
        .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's own column accessors, for rows read in place (`SQLiteColumns`).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]),
    // A small PostgreSQL client over libpq: connections, a pool, migrations, LISTEN.
    .target(
      name: "MVVMWebPostgres",
      dependencies: ["CMVVMWebPQ", .product(name: "Logging", package: "swift-log")]),

    // The web layer.
    .target(
      name: "MVVMWebServer",
      dependencies: [
        "CMVVMWebZlib", "CMVVMWebEpoll", .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    // The binding vocabulary's schema is compiled into the module (`embedInCode`, no bundle to
    // find at run time), so an app validates its templates without a copy of its own.
    .target(
      name: "MVVMWebTemplates", dependencies: ["CMVVMWebXML2", "MVVMWebViewModels"],
      resources: [.embedInCode("Loading/mvvmweb-template.rng")]),

    // Presentation building blocks, and one module per feature: models, stores, view models.
    // `@Outputs` derives a view model's output schema and accessors from its properties.
    .macro(
      name: "MVVMWebMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]),
    .target(name: "MVVMWebViewModels", dependencies: ["MVVMWebMacros"]),
    .target(
      name: "League",
      dependencies: [
        "MVVMWebViewModels", "MVVMWebPostgres", "MVVMWebSQLite",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .target(name: "Playlist", dependencies: ["MVVMWebViewModels"]),
    .target(name: "Users", dependencies: ["MVVMWebViewModels"]),
    .target(
      name: "Memories",
      dependencies: [
        "MVVMWebViewModels", "MVVMWebPostgres", "MVVMWebSQLite",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .target(
      name: "Fortunes",
      dependencies: [
        "MVVMWebViewModels", "MVVMWebPostgres", "MVVMWebSQLite",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),

    // The web framework: sites, features, typed pages, live pages, the store's threads, proxy
    // and security support. It knows no app.
    .target(
      name: "MVVMWeb",
      dependencies: [
        "MVVMWebServer", "MVVMWebTemplates", "MVVMWebViewModels",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      // The browser's half of live pages and live inputs, served by every site from memory.
      resources: [.embedInCode("Live/live.js")]),

    // Accounts, sessions and permissions: passwords hashed with Argon2id on a lane of their own,
    // session tokens and links kept only as their SHA-256, on the app's SQLite or PostgreSQL.
    .target(
      name: "MVVMWebAccounts",
      dependencies: [
        "MVVMWeb", "MVVMWebSQLite", "MVVMWebPostgres", "CMVVMWebArgon2",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // The common passwords refused at sign-up, compiled into the module; their licence
      // travels beside them in the sources.
      exclude: ["Passwords/common-passwords.LICENSE"],
      resources: [.embedInCode("Passwords/common-passwords.txt")]),

    // An app's command line: `serve` with every serving flag, `check`, `routes`, `bundle`, and
    // the database its stores open, from the same flags in every app.
    .target(
      name: "MVVMWebApp",
      dependencies: [
        "MVVMWeb", "MVVMWebAccounts", "MVVMWebSQLite", "MVVMWebPostgres",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // How a user tests an app: one client over an in-process transport and a real socket, forms
    // filled from the served markup (read back with libxml2's HTML parser), input events, live
    // streams and slow stores.
    .target(
      name: "MVVMWebTesting",
      dependencies: [
        "MVVMWeb", "CMVVMWebXML2", .product(name: "Logging", package: "swift-log"),
      ]),

    // Passkeys (WebAuthn level 3): registrations and assertions verified by our own bounded
    // parsers (CBOR, authenticator data, COSE keys, client data JSON); swift-crypto only checks
    // signatures. It knows no HTTP, accounts or stores.
    .target(
      name: "MVVMWebPasskeys",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ]),

    // Each app on the framework's public API: its routes, pages, links and notices.
    .target(name: "LeagueWeb", dependencies: ["MVVMWeb", "League"]),
    .target(name: "PlaylistWeb", dependencies: ["MVVMWeb", "Playlist"]),
    .target(name: "UsersWeb", dependencies: ["MVVMWeb", "Users"]),
    .target(name: "MemoriesWeb", dependencies: ["MVVMWeb", "Memories"]),
    .target(name: "FortunesWeb", dependencies: ["MVVMWeb", "Fortunes"]),

    // The composition root: the stores, the configuration and the five apps on one site.
    .target(
      name: "WebApp",
      dependencies: [
        "MVVMWeb", "MVVMWebApp", "LeagueWeb", "PlaylistWeb", "UsersWeb", "MemoriesWeb",
        "FortunesWeb", "League", "Playlist", "Users", "Memories", "Fortunes", "MVVMWebPostgres",
        "MVVMWebSQLite", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The demo's command: one user of the app command, as a user's own app is.
    .executableTarget(name: "mvvmweb", dependencies: ["WebApp"]),

    // Release-mode timing of the playlist page's render (not a test: see README, Benchmarks).
    .executableTarget(
      name: "RenderBench", dependencies: ["PlaylistWeb", "Playlist", "WebApp"],
      path: "Benchmarks/RenderBench"),

    // The test kit's page model on a recorded page and stream, for the end-to-end test that
    // compares it with live.js in Chromium (Tests/e2e/test_live_page_model.py).
    .executableTarget(
      name: "LiveReplay", dependencies: ["MVVMWebTesting"], path: "Tests/LiveReplay"),

    // Shared test helpers: a raw-socket HTTP client and servers started on ephemeral ports.
    .target(
      name: "TestSupport",
      dependencies: ["MVVMWebServer", .product(name: "Logging", package: "swift-log")],
      path: "Tests/TestSupport"),

    .testTarget(name: "HTTPServerTests", dependencies: ["MVVMWebServer", "TestSupport"]),
    .testTarget(name: "TemplatingTests", dependencies: ["MVVMWebTemplates", "MVVMWebViewModels"]),
    .testTarget(name: "MVVMTests", dependencies: ["MVVMWebViewModels"]),
    .testTarget(
      name: "MVVMWebMacrosTests",
      dependencies: [
        "MVVMWebMacros", .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
      ]),
    .testTarget(
      name: "LeagueTests",
      dependencies: [
        "League", "MVVMWebPostgres", "MVVMWebSQLite", "TestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(name: "PlaylistTests", dependencies: ["Playlist"]),
    .testTarget(name: "UsersTests", dependencies: ["Users"]),
    .testTarget(
      name: "MemoriesTests",
      dependencies: [
        "Memories", "MVVMWebPostgres", "MVVMWebSQLite", "TestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "FortunesTests",
      dependencies: [
        "Fortunes", "MVVMWebPostgres", "MVVMWebSQLite", "TestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "MVVMWebSQLiteTests",
      dependencies: [
        "MVVMWebSQLite", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]),
    .testTarget(name: "MVVMWebTests", dependencies: ["MVVMWeb", "MVVMWebTesting", "TestSupport"]),
    .testTarget(name: "MVVMWebTestingTests", dependencies: ["MVVMWebTesting"]),
    .testTarget(name: "MVVMWebAppTests", dependencies: ["MVVMWebApp", "MVVMWebTesting"]),
    .testTarget(
      name: "MVVMWebAccountsTests",
      dependencies: [
        "MVVMWebAccounts", "MVVMWebTesting", "TestSupport", "MVVMWebSQLite", "MVVMWebPostgres",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "MVVMWebPasskeysTests",
      dependencies: ["MVVMWebPasskeys", .product(name: "Crypto", package: "swift-crypto")]),
    // Our verifier as a command for the differential test against py_webauthn (Tests/e2e).
    .executableTarget(
      name: "passkey-verify", dependencies: ["MVVMWebPasskeys"], path: "Tests/Tools/passkey-verify"),
    .testTarget(
      name: "WebAppTests",
      dependencies: [
        "WebApp", "MVVMWeb", "MVVMWebApp", "LeagueWeb", "MVVMWebTesting", "TestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Each target also depends on every target of this package below it, not only on those it names:
// SwiftPM recompiles a module when a module it depends on directly changes, and not when only
// one further down does. A stored property added to a struct there (even a private one) changes
// the struct's size without changing the module in between, so a module left as it was would
// keep the old layout and write past the struct's end (swiftlang/swift#89636, found in
// `mvvmweb serve`'s shutdown). Clean builds were never affected.
let namedDependencies = Dictionary(
  uniqueKeysWithValues: package.targets.map { target in
    (
      target.name,
      target.dependencies.compactMap { dependency -> String? in
        switch dependency {
        case .byNameItem(let name, _), .targetItem(let name, _): name
        default: nil
        }
      }
    )
  })
let regularTargets = Set(package.targets.filter { $0.type == .regular }.map(\.name))
for target in package.targets {
  let named = namedDependencies[target.name] ?? []
  var below: [String] = []
  var pending = named
  while let name = pending.popLast() {
    guard !below.contains(name) else { continue }
    below.append(name)
    pending += namedDependencies[name] ?? []
  }
  target.dependencies += below.filter { regularTargets.contains($0) && !named.contains($0) }
    .map { .target(name: $0) }
}
