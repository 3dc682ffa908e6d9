// swift-tools-version:6.2
// MVVMWeb: MVVM(-C) on the server. A Dispatch HTTP/1.1 server, XHTML templates checked by libxml2 at
// load time, and plain Swift view models. Layers are modules so the compiler keeps them apart:
// the feature modules (League, Playlist, Users, Memories) and MVVM never see HTTP or templates.
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "MVVMWeb",
  products: [
    .executable(name: "mvvmweb", targets: ["mvvmweb"])
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
  ],
  targets: [
    // System libraries, through pkg-config (libxml2-dev, zlib1g-dev, libpq-dev).
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CEpoll"),
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

    // A small PostgreSQL client over libpq: connections, a pool, migrations, LISTEN.
    .target(
      name: "Postgres", dependencies: ["CLibPQ", .product(name: "Logging", package: "swift-log")]),

    // The web layer.
    .target(
      name: "HTTPServer",
      dependencies: [
        "CZlib", "CEpoll", .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ]),
    .target(name: "Templating", dependencies: ["CLibXML2", "MVVM"]),

    // Presentation building blocks, and one module per feature: models, stores, view models.
    // `@Outputs` derives a view model's output schema and accessors from its properties.
    .macro(
      name: "MVVMMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]),
    .target(name: "MVVM", dependencies: ["MVVMMacros"]),
    .target(
      name: "League",
      dependencies: ["MVVM", "Postgres", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "Playlist", dependencies: ["MVVM"]),
    .target(name: "Users", dependencies: ["MVVM"]),
    .target(
      name: "Memories",
      dependencies: ["MVVM", "Postgres", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(
      name: "Fortunes",
      dependencies: ["MVVM", "Postgres", .product(name: "GRDB", package: "GRDB.swift")]),

    // Routes, coordinators, page views and the composition root.
    .target(
      name: "WebApp",
      dependencies: [
        "HTTPServer", "Templating", "MVVM", "League", "Playlist", "Users", "Memories", "Fortunes",
        "Postgres", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
    .executableTarget(
      name: "mvvmweb",
      dependencies: [
        "WebApp", "Postgres", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // Release-mode timing of the playlist page's render (not a test: see README, Benchmarks).
    .executableTarget(
      name: "RenderBench", dependencies: ["Templating", "Playlist", "WebApp"],
      path: "Benchmarks/RenderBench"),

    // Shared test helpers: a raw-socket HTTP client and servers started on ephemeral ports.
    .target(
      name: "TestSupport",
      dependencies: ["HTTPServer", .product(name: "Logging", package: "swift-log")],
      path: "Tests/TestSupport"),

    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
    .testTarget(name: "TemplatingTests", dependencies: ["Templating", "MVVM"]),
    .testTarget(name: "MVVMTests", dependencies: ["MVVM"]),
    .testTarget(
      name: "MVVMMacrosTests",
      dependencies: [
        "MVVMMacros", .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
      ]),
    .testTarget(
      name: "LeagueTests",
      dependencies: [
        "League", "Postgres", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(name: "PlaylistTests", dependencies: ["Playlist"]),
    .testTarget(name: "UsersTests", dependencies: ["Users"]),
    .testTarget(name: "MemoriesTests", dependencies: ["Memories", "Postgres", "TestSupport"]),
    .testTarget(
      name: "FortunesTests",
      dependencies: [
        "Fortunes", "Postgres", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "WebAppTests",
      dependencies: ["WebApp", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
  ],
  swiftLanguageModes: [.v6]
)
