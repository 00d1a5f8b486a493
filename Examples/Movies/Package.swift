// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The lucid-gen checkout two folders up, whatever its folder is called: `name:` gives the dependency its name.
let lucidGen = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

// The Movies example: `Movies` is the networking layer lucid-gen generates from Sources/Movies/movies.lucid.yaml
// (committed; `lucid-gen generate --check` proves it current), `movies-app` a small command-line app using it,
// and `MoviesTests` the end-to-end tests against the mock server in MockServer/.
let package = Package(
    name: "movies-example",
    // LucidRuntime's floor: Duration, ContinuousClock and URLSession's async API.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "lucid-gen", path: lucidGen.path)
    ],
    targets: [
        .target(
            name: "Movies",
            dependencies: [.product(name: "LucidRuntime", package: "lucid-gen")],
            exclude: ["movies.lucid.yaml", "entities", "services", "fixtures"]
        ),
        .executableTarget(name: "movies-app", dependencies: ["Movies"]),
        .testTarget(name: "MoviesTests", dependencies: ["Movies"]),
    ],
    swiftLanguageModes: [.v6]
)
