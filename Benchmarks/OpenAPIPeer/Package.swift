// swift-tools-version:6.1
// The peer of `make bench-openapi`: apple/swift-openapi-generator 1.14.3, built here and run by
// Benchmarks/openapi_bench.py on the same documents lucid-gen imports. A package of its own, never a dependency of
// lucid-gen: nothing in lucid-gen's package names it, and its `.build` is ignored by git. It resolves the generator
// from the machine's package store (https://github.com/... addresses, a listed version), like any package does.
import PackageDescription

let package = Package(
    name: "OpenAPIPeer",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: [
        // SwiftPM builds a dependency's product only for a package that has a target; this one is empty.
        .executableTarget(
            name: "openapi-peer",
            dependencies: [.product(name: "swift-openapi-generator", package: "swift-openapi-generator")])
    ]
)
