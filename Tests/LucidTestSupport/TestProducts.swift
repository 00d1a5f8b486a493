import Foundation

/// The build's products folder (where SwiftPM puts `lucid-gen`, `queue-crash-probe` and the test bundle), for
/// tests that run a built executable as a child process.
public enum TestProducts {
    /// The folder holding the running tests' products.
    public static var folder: URL {
        #if canImport(Darwin)
        return testBundle.bundleURL.deletingLastPathComponent()
        #else
        // The test runner is the `.xctest` executable itself, in the products folder.
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }

    /// The path of the built executable `name`.
    public static func executable(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    #if canImport(Darwin)
    /// On Darwin the tests are a `.xctest` bundle loaded by a runner that lives elsewhere (xctest, or
    /// swiftpm-testing-helper, which loads it with dlopen so `Bundle.allBundles` may not list it). This module is
    /// linked into that bundle, so the bundle holding `Marker` is it; `Bundle.allBundles`, then `Bundle.main`,
    /// are the fallbacks.
    private static var testBundle: Bundle {
        let candidates = [Bundle(for: Marker.self)] + Bundle.allBundles
        return candidates.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
    }

    /// A class of this module, to find the bundle it is linked into.
    private final class Marker {}
    #endif
}
