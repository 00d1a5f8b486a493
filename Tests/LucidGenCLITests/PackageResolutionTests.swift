#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// The README's manifest resolves against this repository as a team would reach it: a git repository with a
/// `main` branch (a bare clone of this checkout's HEAD, in a temporary folder). And the release advice holds: a
/// `from:` requirement resolves only once a version is tagged (docs/Releasing.md).
@Suite(.serialized) struct PackageResolutionTests {
    /// The README's "Use it in your package" manifest: its one Swift block that depends on lucid-gen by URL.
    static func readmeManifest() throws -> String {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map {
            String($0[..<($0.range(of: "\n```")?.lowerBound ?? $0.endIndex)])
        }
        let manifests = blocks.filter { $0.hasPrefix("// swift-tools-version") && $0.contains(Self.readmeURL) }
        try #require(manifests.count == 1, "the README shows one manifest depending on \(Self.readmeURL)")
        return manifests[0]
    }

    static let readmeURL = "https://github.com/your-org/lucid-gen.git"

    @Test func theReadmeManifestResolves() throws {
        guard let git = Self.gitOrSaysWhy() else { return }
        try withTemporaryFolder("resolution") { folder in
            let remote = try Self.publish(into: folder, git: git)
            let manifest = try Self.readmeManifest()
            #expect(manifest.contains(".package(url: \"\(Self.readmeURL)\", branch: \"main\")"), "\(manifest)")
            let app = try Self.app(manifest, remote: remote, in: folder)
            let outcome = try Self.resolve(app)
            #expect(outcome.status == 0, "\(outcome.output)")
            let resolved = try String(contentsOf: app.appendingPathComponent("Package.resolved"), encoding: .utf8)
            #expect(resolved.contains(try Self.head(git)), "\(resolved)")
        }
    }

    /// Before a tag, `from:` finds no version (what the README said before); after `git tag <version>`, the
    /// requirement docs/Releasing.md advises before 1.0, `.upToNextMinor(from:)`, resolves to it.
    @Test func aVersionResolvesOnceItIsTagged() throws {
        guard let git = Self.gitOrSaysWhy() else { return }
        try withTemporaryFolder("resolution") { folder in
            let remote = try Self.publish(into: folder, git: git)
            let version = try Self.version()
            let manifest = try Self.readmeManifest().replacingOccurrences(
                of: "branch: \"main\")", with: "from: \"\(version)\")")
            let app = try Self.app(manifest, remote: remote, in: folder)
            let untagged = try Self.resolve(app)
            #expect(untagged.status != 0)
            #expect(untagged.output.contains("no versions of"), "\(untagged.output)")
            #expect(
                try CommandRun.run([git, "--git-dir", remote.path, "tag", version, "main"], in: folder).status == 0)
            let advised = try Self.readmeManifest().replacingOccurrences(
                of: "branch: \"main\")", with: ".upToNextMinor(from: \"\(version)\"))")
            try advised.replacingOccurrences(of: Self.readmeURL, with: remote.absoluteString)
                .write(to: app.appendingPathComponent("Package.swift"), atomically: false, encoding: .utf8)
            let tagged = try Self.resolve(app)
            #expect(tagged.status == 0, "\(tagged.output)")
            let resolved = try String(contentsOf: app.appendingPathComponent("Package.resolved"), encoding: .utf8)
            #expect(resolved.contains("\"version\" : \"\(version)\""), "\(resolved)")
        }
    }

    /// `swift package resolve` in `app`, with SwiftPM's caches off and its lock files in a temporary folder beside
    /// `app` (SwiftPM writes them to the system's temporary folder otherwise, and the test would leave them there).
    static func resolve(_ app: URL) throws -> CommandRun {
        let temporary = app.deletingLastPathComponent().appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return try CommandRun.run(
            ["swift", "package", "--disable-dependency-cache", "--manifest-cache", "none", "resolve"], in: app,
            environment: ["TMPDIR": temporary.path])
    }

    /// The version in the one place it is written (Sources/LucidRuntime/Version.swift).
    static func version() throws -> String {
        let source = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Sources/LucidRuntime/Version.swift"), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.hasPrefix("let lucidVersion = ") })
        return line.split(separator: "\"")[1].description
    }

    /// git, when this checkout is a git repository; else says why the test checks nothing.
    static func gitOrSaysWhy() -> String? {
        guard FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent(".git").path),
            (try? CommandRun.run(["git", "--version"], in: PackagePaths.root).status) == 0
        else {
            print("skipped: the checkout is not a git repository (or git is missing); nothing to resolve")
            return nil
        }
        return "git"
    }

    static func head(_ git: String) throws -> String {
        try CommandRun.run([git, "rev-parse", "HEAD"], in: PackagePaths.root).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A bare repository in `folder` whose `main` is this checkout's HEAD (committed work only).
    static func publish(into folder: URL, git: String) throws -> URL {
        let remote = folder.appendingPathComponent("lucid-gen.git")
        #expect(try CommandRun.run([git, "init", "-q", "--bare", remote.path], in: folder).status == 0)
        let push = try CommandRun.run([git, "push", "-q", remote.path, "HEAD:refs/heads/main"], in: PackagePaths.root)
        #expect(push.status == 0, "\(push.output)")
        return remote
    }

    /// An app package with `manifest`, its dependency's URL pointed at `remote`, and its targets' folders.
    static func app(_ manifest: String, remote: URL, in folder: URL) throws -> URL {
        let app = folder.appendingPathComponent("MyApp")
        for target in ["Bookshelf", "MyApp"] {
            let sources = app.appendingPathComponent("Sources/\(target)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try "".write(to: sources.appendingPathComponent("\(target).swift"), atomically: false, encoding: .utf8)
        }
        let pointed = manifest.replacingOccurrences(of: readmeURL, with: remote.absoluteString)
        try pointed.write(to: app.appendingPathComponent("Package.swift"), atomically: false, encoding: .utf8)
        return app
    }

}
#endif
