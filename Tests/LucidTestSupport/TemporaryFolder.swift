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
    defer { removeTemporaryFolder(folder) }
    return try body(folder)
}

/// `withTemporaryFolder` for async tests: the folder is removed once `body` has finished, not when it suspends.
public func withTemporaryFolder<Result>(
    _ prefix: String = "lucid-gen-tests", isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> Result
) async rethrows -> Result {
    let folder = makeTemporaryFolder(prefix)
    defer { removeTemporaryFolder(folder) }
    return try await body(folder)
}

/// A new folder. Creating it does not fail in practice; if it does, the test fails at its first write there,
/// which keeps these helpers usable from tests that do not throw.
private func makeTemporaryFolder(_ prefix: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Removes `folder` and everything in it, including FIFOs and links a test made there (a link is removed, never
/// followed).
private func removeTemporaryFolder(_ folder: URL) {
    try? FileManager.default.removeItem(at: folder)
}
