// These tests run the queue in a child process (the `queue-crash-probe`). iOS, tvOS, watchOS and visionOS have no
// `Process`, so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

@_spi(Generated) @testable import LucidRuntime

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A request file the queue cannot read now — on iOS, a protected file before the first unlock; here a file of
/// mode 000, on a real file system — is not given up: it stays where it is, is reported, and a later resume sends
/// it. A file whose content is not a request is set aside as before.
///
/// Root reads any file whatever its mode, and CI runs as root: then the queue runs in the `queue-crash-probe`,
/// which drops its privileges to `nobody` before it touches the folder, so the permission really stops the read.
@Suite(.timeLimit(.minutes(1)))
struct QueueUnreadableFileTests {
    typealias Probe = APIClientQueueCrashTests

    /// A request file as an earlier run wrote it, for `POST http://127.0.0.1:<port>/items/<index>/<item>`.
    static func writeRequest(
        index: Int, sequence: UInt64, port: Int, in directory: URL
    ) throws -> (QueuedRequest, String) {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/items/\(index)/\(UUID().uuidString)"))
        let request = QueuedRequest(
            endpoint: "probe.item",
            request: HTTPRequest(
                method: .post, url: url, headers: [QueuedRequest.idempotencyKeyHeader: "key-\(index)"]),
            options: QueueOptions(persist: true), sequence: sequence, idempotencyKey: "key-\(index)")
        let name = QueueStore.fileName(for: request)
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: try JSONEncoder().encode(request)))
        #expect(chmod(path, 0o600) == 0)
        return (request, name)
    }

    /// `chown -R` of `url` to `user` (the probe then owns its folder as it would its own).
    static func give(_ url: URL, to user: passwd) throws {
        let paths =
            [url.path]
            + (FileManager.default.subpaths(atPath: url.path) ?? []).map {
                url.appendingPathComponent($0).path
            }
        for path in paths { #expect(chown(path, user.pw_uid, user.pw_gid) == 0, "chown \(path)") }
    }

    /// Whether every folder from `/` down to `url` lets other users through (mode o+x).
    static func isReachableByOthers(_ url: URL) -> Bool {
        var folder = url.resolvingSymlinksInPath()
        while true {
            let mode = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]) as? Int
            guard let mode, mode & 0o001 != 0 else { return false }
            if folder.path == "/" { return true }
            folder.deleteLastPathComponent()
        }
    }

    /// Runs `body` with a new folder (removed afterwards) that another user can reach when `forOthers`: under the
    /// temporary folder when it is reachable, else under /tmp — `Scripts/check_no_leftovers.sh` gives the tests a
    /// temporary folder of mode 0700.
    static func withWorkFolder(forOthers: Bool, _ body: (URL) async throws -> Void) async throws {
        guard forOthers, !isReachableByOthers(FileManager.default.temporaryDirectory) else {
            try await withTemporaryFolder("queue-unreadable", body)
            return
        }
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("queue-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    @Test func aRequestThatCannotBeReadNowWaitsForALaterResumeWhileBadContentIsSetAside() async throws {
        var asUser: [String] = []
        var owner: passwd?
        if getuid() == 0 {
            guard let nobody = getpwnam("nobody") else {
                print("QueueUnreadableFileTests: skipped: running as root and there is no user 'nobody' to drop to")
                return
            }
            owner = nobody.pointee
            asUser = ["--as-user", "nobody"]
        }
        try await Self.withWorkFolder(forOthers: owner != nil) { work in
            let server = try Probe.Server(script: try QueueTestServer.write(to: work), delay: 0)
            defer { server.stop() }
            let directory = work.appendingPathComponent("queue", isDirectory: true)
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let (readable, _) = try Self.writeRequest(index: 0, sequence: 0, port: server.port, in: directory)
            let (locked, lockedName) = try Self.writeRequest(index: 1, sequence: 1, port: server.port, in: directory)
            let corruptName = "00000000000000000002-\(UUID().uuidString).json"
            try Data(#"{"endpoint": "probe.item", "request": "#.utf8).write(
                to: directory.appendingPathComponent(corruptName))
            if let owner { try Self.give(directory, to: owner) }
            #expect(chmod(directory.appendingPathComponent(lockedName).path, 0) == 0)

            // Early resume: the locked file cannot be read. The readable request is sent, the corrupt file is set
            // aside, and the locked one stays, unsent and reported.
            let firstOutput = work.appendingPathComponent("first.out")
            let firstErrors = work.appendingPathComponent("first.err")
            let first = try Probe.launchProbe(
                ["resume", directory.path, String(server.port)] + asUser, output: firstOutput, errors: firstErrors)
            defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
            try await Probe.waitFor("the early resume finished", timeout: .seconds(30)) { !first.isRunning }
            #expect(first.terminationStatus == 0, "\(Probe.lines(of: firstErrors))")
            let firstLines = Probe.lines(of: firstOutput)
            #expect(firstLines.contains("issue unreadable-for-now \(lockedName)"))
            #expect(firstLines.contains("issue set-aside \(corruptName)"))
            #expect(
                !firstLines.contains("issue set-aside \(lockedName)"), "a file that cannot be read now is not given up")
            #expect(try await server.seen().map(\.path) == [readable.request.url.path])
            #expect(queueFiles(in: directory) == [lockedName])
            let setAside = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("SetAside").path)
            #expect(setAside == [corruptName])

            // The reason passes (the first unlock; here the permission comes back): the next resume sends it, with
            // the key it was queued with.
            #expect(chmod(directory.appendingPathComponent(lockedName).path, 0o600) == 0)
            let secondOutput = work.appendingPathComponent("second.out")
            let secondErrors = work.appendingPathComponent("second.err")
            let second = try Probe.launchProbe(
                ["resume", directory.path, String(server.port)] + asUser, output: secondOutput, errors: secondErrors)
            defer { if second.isRunning { kill(second.processIdentifier, SIGKILL) } }
            try await Probe.waitFor("the later resume finished", timeout: .seconds(30)) { !second.isRunning }
            #expect(second.terminationStatus == 0, "\(Probe.lines(of: secondErrors))")
            #expect(!Probe.lines(of: secondOutput).contains { $0.hasPrefix("issue ") })
            let seen = try await server.seen()
            #expect(seen.map(\.path) == [readable.request.url.path, locked.request.url.path])
            #expect(seen.last?.key == "key-1")
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    /// What counts as "not now": every error of opening or reading a regular file, named by its usual cause.
    @Test(arguments: [
        (EACCES, "no permission, or data protection before the first unlock"),
        (EPERM, "no permission, or data protection before the first unlock"),
        (EBUSY, "the file is busy"), (EAGAIN, "the file is busy"), (EMFILE, "out of resources"),
        (EIO, "cannot be read now ("),
    ])
    func readFailuresAreReasonsToWait(code: Int32, words: String) {
        let reason = QueueStore.readFailureReason(errno: code)
        #expect(reason.hasPrefix("cannot be read now (\(String(cString: strerror(code))))"))
        #expect(reason.contains(words))
    }

    /// Bad content is set aside whatever it is; only a request whose name matches it is one.
    @Test func badContentIsNeverARequest() throws {
        let request = QueuedRequest(
            endpoint: "e", request: testRequest("a"), options: QueueOptions(persist: true), sequence: 3,
            idempotencyKey: "k")
        let data = try JSONEncoder().encode(request)
        let name = QueueStore.fileName(for: request)
        #expect(QueueStore.decode(data, named: name) == .request(request))
        #expect(QueueStore.decode(Data(), named: name) == .notARequest("empty"))
        #expect(
            QueueStore.decode(data, named: "00000000000000000004-\(request.id.uuidString).json")
                == .notARequest("its name does not match its content"))
        guard case .notARequest(let reason) = QueueStore.decode(Data("{".utf8), named: name) else {
            Issue.record("a truncated file is a request")
            return
        }
        #expect(reason.hasPrefix("not a queued request"))
    }
}
#endif
