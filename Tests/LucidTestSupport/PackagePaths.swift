import Foundation

/// Places in this repository, found from this file's own place, so that a test reads a fixture by the same path
/// whichever folder of its target the test's file sits in.
public enum PackagePaths {
    /// The repository's root: the folder of Package.swift.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The invalid-spec corpus, `Tests/LucidSpecTests/Invalid`: one small spec per rule, with its `# expect:` lines.
    public static let invalidSpecs = root.appendingPathComponent("Tests/LucidSpecTests/Invalid")
}
