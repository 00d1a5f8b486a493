import Foundation

/// A new, empty folder under the system's temporary folder, removed when `body` returns or throws: tests leave
/// nothing behind, also when they fail. (Scoped rather than removed in a `deinit`, which ARC may run before the
/// last use of a path taken from the folder.)
///
/// - Parameter prefix: the start of the folder's name, so a leftover (from a crashed run) says whose it is.
public func withTemporaryFolder<Result>(
    _ prefix: String = "lucid-gen-tests", _ body: (URL) throws -> Result
) rethrows -> Result {
    let folder = makeTemporaryFolder(prefix)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// `withTemporaryFolder` for async tests.
public func withTemporaryFolder<Result>(
    _ prefix: String = "lucid-gen-tests", isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> Result
) async rethrows -> Result {
    let folder = makeTemporaryFolder(prefix)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// A new folder. Creating it does not fail in practice; if it does, the test fails at its first write there,
/// which keeps these helpers usable from tests that do not throw.
private func makeTemporaryFolder(_ prefix: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Temporary folders for a whole test: hold one in a suite's stored property (Swift Testing makes a suite value
/// per test and keeps it until the test returns), ask it for folders, and everything is removed with it —
/// also when the test fails.
public final class TemporaryFolders: Sendable {
    /// The folder holding every folder `make()` returns.
    public let root: URL

    /// - Parameter prefix: the start of the root folder's name, so a leftover (from a crashed run) says whose
    ///   it is.
    public init(_ prefix: String = "lucid-gen-tests") {
        root = makeTemporaryFolder(prefix)
    }

    /// A new empty folder's path.
    public func make() -> String {
        let folder = root.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}
