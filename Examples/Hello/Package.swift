// swift-tools-version:6.2
// The smallest MVVMWeb app: one page that greets whoever signs in, follows new greetings live,
// and is served by `swift run hello`. It uses the framework only as a user's package would, by
// its products; the view model's module sees the output contract and no HTTP, so the compiler
// keeps the layers apart.
import PackageDescription

let package = Package(
  name: "Hello",
  dependencies: [.package(name: "MVVMWeb", path: "../..")],
  targets: [
    .target(
      name: "Greetings",
      dependencies: [.product(name: "MVVMWebViewModels", package: "MVVMWeb")]),
    .executableTarget(
      name: "hello",
      dependencies: ["Greetings", .product(name: "MVVMWebApp", package: "MVVMWeb")]),
    // The view models' tests need nothing else; the pages' tests reach the site through
    // MVVMWebTesting, in process and over a socket.
    .testTarget(
      name: "HelloTests",
      dependencies: [
        "Greetings", "hello", .product(name: "MVVMWebTesting", package: "MVVMWeb"),
        .product(name: "MVVMWebApp", package: "MVVMWeb"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
