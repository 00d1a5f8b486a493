import Foundation

/// Where the official conformance suites (yaml-test-suite, mustache-spec) are. They are not part of this
/// repository: `LUCID_TESTDATA` names the folder holding them, else `../shared/testdata` beside the checkout is
/// used. When neither exists the suites are skipped with a reason (a plain clone still passes its tests); when
/// `LUCID_TESTDATA` is set, a missing suite is a failure instead, so CI (`.ci/run` sets it) always runs them.
public enum ConformanceSuites {
    /// The environment variable naming the folder that holds the suites.
    public static let environmentVariable = "LUCID_TESTDATA"

    /// Tests/LucidTestSupport/<this file> → the package root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder that should hold the suites, and whether it was asked for explicitly.
    static func testData(environment: [String: String] = ProcessInfo.processInfo.environment) -> (URL, Bool) {
        if let path = environment[environmentVariable], !path.isEmpty {
            return (URL(fileURLWithPath: path).standardized, true)
        }
        return (packageRoot.appendingPathComponent("../shared/testdata").standardized, false)
    }

    /// The suite folder `name` (such as `yaml-test-suite`), or nil when it does not exist.
    public static func folder(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> URL?
    {
        let folder = testData(environment: environment).0.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? folder : nil
    }

    /// Whether a test of suite `name` should run: it exists, or `LUCID_TESTDATA` asks for it (and the test then
    /// fails on a missing suite rather than passing without it).
    public static func shouldRun(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> Bool
    {
        folder(name, environment: environment) != nil || testData(environment: environment).1
    }

    /// The one line printed for a skipped suite: why, and how to run it.
    public static func skipReason(_ name: String) -> String {
        "\(name) not found at \(testData().0.path): set \(environmentVariable) to the folder holding it "
            + "(../shared/testdata of the lucid-gen workspace) to run it"
    }
}
