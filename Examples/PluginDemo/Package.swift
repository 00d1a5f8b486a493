// swift-tools-version:6.0
// swift-format-ignore-file
// (`make readme` holds this manifest to the README's, which keeps its own layout.)
import Foundation
import PackageDescription

// This manifest is the README's build-tool plugin snippet but for where lucid-gen comes from: the checkout two
// folders up. SwiftPM names a path dependency after its folder, so that name is read rather than assumed.
// `make readme` checks that the two stay the same.
let lucidGenCheckout = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let lucidGen = lucidGenCheckout.lastPathComponent

let package = Package(
    name: "PluginDemo",
    // LucidRuntime's floor: Duration, ContinuousClock and URLSession's async API.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(path: lucidGenCheckout.path),
    ],
    targets: [
        // Sources/Weather holds weather.lucid.yaml; the plugin generates the code from it at every build.
        .target(
            name: "Weather",
            dependencies: [.product(name: "LucidRuntime", package: lucidGen)],
            plugins: [.plugin(name: "LucidGenPlugin", package: lucidGen)]
        ),
        .testTarget(name: "WeatherTests", dependencies: ["Weather"]),
    ],
    swiftLanguageModes: [.v6]
)
