// swift-tools-version:6.0
// swift-format-ignore-file
// (`make readme` holds this manifest to the README's, which keeps its own layout.)
import Foundation
import PackageDescription

// This manifest is the README's build-tool plugin snippet but for where lucid-gen comes from: the checkout two
// folders up, whatever its folder is called (`name:` gives the dependency its name). `make readme` checks that the
// two stay the same.
let lucidGenCheckout = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "PluginDemo",
    // LucidRuntime's floor: Duration, ContinuousClock and URLSession's async API.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "lucid-gen", path: lucidGenCheckout.path),
    ],
    targets: [
        // Sources/Weather holds weather.lucid.yaml; the plugin generates the code from it at every build.
        .target(
            name: "Weather",
            dependencies: [.product(name: "LucidRuntime", package: "lucid-gen")],
            plugins: [.plugin(name: "LucidGenPlugin", package: "lucid-gen")]
        ),
        .testTarget(name: "WeatherTests", dependencies: ["Weather"]),
    ],
    swiftLanguageModes: [.v6]
)
