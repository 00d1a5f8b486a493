// The hook runs as a child process, which iOS, tvOS, watchOS and visionOS do not have.
#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// `Scripts/commit-msg`, the hook CONTRIBUTING asks contributors to install: a subject of at most 72 characters,
/// then a blank line; comment lines ignored; merges, fixups and reverts judged sensibly.
@Suite struct CommitMessageHookTests {
    static let hook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/commit-msg").path

    /// `count` times `character`.
    static func line(_ count: Int, _ character: String = "x") -> String {
        String(repeating: character, count: count)
    }

    /// Messages the hook accepts, by what they show.
    static let accepted: [(String, String)] = [
        ("a subject alone", "Tests: the cancel test waits for the server\n"),
        ("subject, blank line, body", "Fix the thing\n\nBecause it was broken.\n"),
        ("72 characters", line(72) + "\n\nbody\n"),
        ("72 characters, not 144 bytes", line(72, "é") + "\n"),
        ("comment lines are not lines", "# Please enter the commit message\n\nSubject\n# a comment\n\nbody\n"),
        ("a long comment", "Subject\n\n# " + line(100) + "\n"),
        ("below the scissors", "Subject\n# ------------------------ >8 ------------------------\n" + line(100) + "\n"),
        ("blank lines before the subject", "\n\nSubject\n\nbody\n"),
        ("written on Windows", "Subject\r\n\r\nbody\r\n"),
        ("git's merge subject", "Merge branch 'issue32-" + line(80) + "' into main\n\n"),
        ("a pull request's merge", "Merge pull request #32 from someone/" + line(80) + "\n\nbody\n"),
        ("a fixup of a 72-character subject", "fixup! " + line(72) + "\n"),
        ("a squash of a squash", "squash! squash! " + line(72) + "\n\nwhy\n"),
        ("a revert of a 72-character subject", "Revert \"" + line(72) + "\"\n\nThis reverts commit 0123abc.\n"),
        ("only comments (git refuses it itself)", "# nothing\n\n"),
    ]

    /// Messages the hook refuses, and what its message must say.
    static let refused: [(String, String, String)] = [
        ("73 characters", line(73) + "\n\nbody\n", "the subject is 73 characters long; at most 72"),
        ("73 characters of two bytes", line(73, "é") + "\n", "the subject is 73 characters long"),
        ("a run-on subject", "Subject\nthat goes on\n", "must be followed by a blank line"),
        ("a body after a comment", "Subject\n# comment\nbody\n", "the second line is:\n  body"),
        ("a fixup of a long subject", "fixup! " + line(73) + "\n", "73 characters long"),
        ("a revert of a long subject", "Revert \"" + line(73) + "\"\n", "73 characters long"),
        ("merge words inside a long subject", "Merge " + line(80) + "\n", "86 characters long"),
        ("both at once", line(100) + "\nbody\n", "100 characters long"),
    ]

    /// Runs the hook on `message`; its exit status and stderr.
    static func check(_ message: String) throws -> (status: Int32, errors: String) {
        try withTemporaryFolder("commit-msg") { folder in
            let file = folder.appendingPathComponent("COMMIT_EDITMSG")
            try Data(message.utf8).write(to: file)
            return try run(["/bin/sh", hook, file.path], in: folder)
        }
    }

    /// Runs `arguments` in `folder` with git's own configuration kept out (no core.commentChar of the user's).
    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(arguments: accepted.map(\.0))
    func accepts(_ name: String) throws {
        let message = try #require(Self.accepted.first { $0.0 == name }).1
        let outcome = try Self.check(message)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.isEmpty)
    }

    @Test(arguments: refused.map(\.0))
    func refuses(_ name: String) throws {
        let (_, message, reason) = try #require(Self.refused.first { $0.0 == name })
        let outcome = try Self.check(message)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains(reason), "\(outcome.errors)")
        #expect(outcome.errors.contains("edit it with: git commit -e -F "))
    }

    /// Installed as CONTRIBUTING says, git runs it: a long subject is refused, a good message committed.
    @Test func gitRunsItOnceInstalled() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            print("CommitMessageHookTests: skipped gitRunsItOnceInstalled: /usr/bin/git is missing")
            return
        }
        try withTemporaryFolder("commit-msg-repo") { folder in
            let git = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"]
            #expect(try Self.run(["git", "init", "-q", "."], in: folder).status == 0)
            let hooks = folder.appendingPathComponent(".git/hooks")
            try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: hooks.appendingPathComponent("commit-msg").path, withDestinationPath: Self.hook)
            let refused = try Self.run(git + ["commit", "-q", "--allow-empty", "-m", Self.line(73)], in: folder)
            #expect(refused.status != 0)
            #expect(refused.errors.contains("73 characters long"), "\(refused.errors)")
            let accepted = try Self.run(
                git + ["commit", "-q", "--allow-empty", "-m", "Add nothing", "-m", "A test."], in: folder)
            #expect(accepted.status == 0, "\(accepted.errors)")
        }
    }
}
#endif
