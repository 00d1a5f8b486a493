// These tests start a server as a child process. iOS, tvOS, watchOS and visionOS have no `Process`, so there the
// file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Every `APIError.Kind` is one an app can meet and look up: each case declared in APIError.swift is documented in
/// docs/Runtime.md's error table and in docs/Generated.md, and made here by the runtime doing what causes it — over real
/// HTTP on 127.0.0.1 (`Tests/Support/loopback_server.py`) and a real queue folder where those are involved. A case
/// added without a producer here or a row in the docs fails these tests.
@Suite(.timeLimit(.minutes(1)))
struct APIErrorKindTests {
    /// The kinds this suite makes the runtime produce; `everyDeclaredKindIsProducedHere` keeps it complete.
    static let produced = [
        "network", "timeout", "cancelled", "status", "decoding", "encoding", "queueDirectoryInUse", "notQueued",
        "invalidURL", "missingCredential", "tooLarge", "unimplemented", "noPreview", "other", "paging",
    ]

    /// The repository's root, from this file (Tests/LucidRuntimeTests/Client/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The cases of `APIError.Kind`, in declaration order, read from its source.
    static func declaredKinds() throws -> [String] {
        let source = try String(
            contentsOf: root.appendingPathComponent("Sources/LucidRuntime/Client/APIError.swift"), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.contains("public enum Kind") })
        let end = try #require(lines[start...].firstIndex(of: "    }"))
        return lines[start..<end].compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { return nil }
            return String(trimmed.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
    }

    /// `network` for `.network("…")`: the case's name.
    static func name(of kind: APIError.Kind) -> String {
        String(String(describing: kind).prefix { $0 != "(" })
    }

    @Test func everyDeclaredKindIsProducedHere() throws {
        let declared = try Self.declaredKinds()
        #expect(declared.count >= 14, "the source was read: \(declared)")
        #expect(declared == Self.produced)
    }

    /// docs/Runtime.md's "Errors" section has a table row for each kind, and docs/Generated.md names each one.
    @Test func everyKindIsDocumented() throws {
        let runtime = try String(contentsOf: Self.root.appendingPathComponent("docs/Runtime.md"), encoding: .utf8)
        let lines = runtime.components(separatedBy: "\n")
        let section = try #require(lines.firstIndex(of: "## Errors"))
        let end = lines[(section + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        let rows = lines[section..<end].filter { $0.hasPrefix("| `.") }
        let generated = try String(
            contentsOf: Self.root.appendingPathComponent("docs/Generated.md"), encoding: .utf8)
        let kinds = try Self.declaredKinds()
        let withoutOneRow = kinds.filter { kind in
            rows.filter { $0.hasPrefix("| `.\(kind)`") || $0.hasPrefix("| `.\(kind)(") }.count != 1
        }
        #expect(withoutOneRow.isEmpty, "docs/Runtime.md's error table needs one row for each of these kinds")
        #expect(rows.allSatisfy { $0.split(separator: "|").count == 3 }, "every row says when and what to do")
        let unnamed = kinds.filter { !generated.contains("`.\($0)`") && !generated.contains("`.\($0)(") }
        #expect(unnamed.isEmpty, "docs/Generated.md does not name these kinds")
    }

    @Test(arguments: produced)
    func theRuntimeProducesTheKind(_ kind: String) async throws {
        let errors = try await Self.produce(kind)
        #expect(!errors.isEmpty)
        for error in errors {
            #expect(Self.name(of: error.kind) == kind, "\(error)")
            #expect(error.errorDescription?.isEmpty == false)
        }
    }

    // MARK: Producing each kind

    static let server = LoopbackServer.shared

    /// A client of the loopback server (`api`), whose credential for `ClientUserAuth` is `credential`.
    static func loopbackClient(
        credential: String? = "token", transport: HTTPTransport = .urlSession(URLSession(configuration: .ephemeral))
    ) throws -> APIClient {
        APIClient(
            environments: ServerEnvironments(["api": ["local": try server.get().baseURL]]), transport: transport,
            credentials: CredentialProvider { _ in credential }, errorPayload: ClientStatusPayload.decode)
    }

    /// `GET <path>` on the loopback server, its body read as `[Int]`.
    static func get(
        _ path: String, timeout: Duration? = .seconds(20)
    ) -> BackendResource<Void, [Int], ClientUserAuth> {
        BackendResource(
            name: "kinds.get", server: "api", method: .get, path: ResourcePath(path), timeout: timeout,
            decodeResponse: clientJSONDecode([Int].self))
    }

    /// A persisted write, for the queue's kinds.
    static let write = BackendResource<Void, Void, ClientUserAuth>(
        name: "kinds.write", server: "api", method: .post, path: ResourcePath("/echo/write"),
        queue: QueueOptions(persist: true), decodeResponse: { _ in })

    /// The errors the runtime throws when what causes `kind` happens.
    static func produce(_ kind: String) async throws -> [APIError] {
        switch kind {
        case "network":
            // A port bound but not listening on 127.0.0.1: the connection is refused.
            return try await withUnlistenedPort { port in
                let client = APIClient(
                    environments: ServerEnvironments(["api": ["local": "http://127.0.0.1:\(port)"]]),
                    transport: .urlSession(URLSession(configuration: .ephemeral)), credentials: .constant("token"))
                return [await expectAPIError { try await client.send(get("/echo/refused"), with: ()) }].compactMap {
                    $0
                }
            }
        case "timeout":
            // The server answers after 5 s; the request allows 200 ms.
            let client = try loopbackClient()
            let slow = get("/slow/5000", timeout: .milliseconds(200))
            return [await expectAPIError { try await client.send(slow, with: ()) }].compactMap { $0 }
        case "cancelled":
            let client = try loopbackClient()
            let task = Task { try await client.send(get("/slow/5000"), with: ()) }
            task.cancel()
            return [await expectAPIError { try await task.value }].compactMap { $0 }
        case "status":
            let client = try loopbackClient()
            let error = await expectAPIError { try await client.send(get("/status/404"), with: ()) }
            #expect(error?.errorPayload(as: ClientStatusPayload.self)?.statusCode == 404)
            return [error].compactMap { $0 }
        case "decoding":
            // An echo is an object, not a list of numbers.
            let client = try loopbackClient()
            return [await expectAPIError { try await client.send(get("/echo/not-a-list"), with: ()) }].compactMap { $0 }
        case "encoding":
            struct Unencodable: Error {}
            let resource = BackendResource<Int, Void, ClientUserAuth>(
                name: "kinds.post", server: "api", method: .post, path: ResourcePath("/echo/post"),
                bodyEncoding: .json, encodeBody: { _ in throw Unencodable() }, decodeResponse: { _ in })
            let client = try loopbackClient()
            return [await expectAPIError { try await client.send(resource, with: 1) }].compactMap { $0 }
        case "queueDirectoryInUse":
            // Another queue (here in this process; another process is alike: the lock is a file lock) owns it.
            return try await withTemporaryFolder("kinds-queue") { folder in
                let client = try loopbackClient()
                let owner = APIClientQueue.sending(through: client, name: "owner", directory: folder)
                try await owner.resumePersisted()
                let second = APIClientQueue.sending(through: client, name: "second", directory: folder)
                let error = await expectAPIError { try await client.enqueue(write, with: (), on: second) }
                #expect(error?.kind == .queueDirectoryInUse(path: folder.path))
                #expect(await second.count == 0)
                await owner.close()
                return [error].compactMap { $0 }
            }
        case "notQueued":
            let client = try loopbackClient()
            let memoryOnly = APIClientQueue.sending(through: client, name: "memory", directory: nil)
            let noFolder = await expectAPIError { try await client.enqueue(write, with: (), on: memoryOnly) }
            let noQueue = await expectAPIError {
                try await client.accessor(for: ClientUserAuth.self).enqueue(write, with: (), on: nil)
            }
            return [noFolder, noQueue].compactMap { $0 }
        case "invalidURL":
            var unknown = get("/echo/x")
            unknown.server = "nowhere"
            let client = try loopbackClient()
            return [await expectAPIError { try await client.send(unknown, with: ()) }].compactMap { $0 }
        case "missingCredential":
            let client = try loopbackClient(credential: nil)
            return [await expectAPIError { try await client.send(get("/echo/secret"), with: ()) }].compactMap { $0 }
        case "tooLarge":
            let capped = HTTPTransport.urlSession(URLSession(configuration: .ephemeral), maxResponseBytes: 100)
            let client = try loopbackClient(transport: capped)
            let error = await expectAPIError { try await client.send(get("/bytes/1000"), with: ()) }
            #expect(error?.kind == .tooLarge(limit: 100))
            return [error].compactMap { $0 }
        case "unimplemented":
            // What a generated client's `.unimplemented` closures throw.
            return [APIError.unimplemented("KindsClient.fetch", endpoint: "kinds.get", method: .get)]
        case "noPreview":
            // What a generated client's `.preview` closures throw for an endpoint without an example.
            return [APIError.noPreview("KindsClient.fetch", endpoint: "kinds.get", method: .get)]
        case "other":
            // What a generated client's labelled method throws for an error a closure put in the client threw.
            struct Offline: Error {}
            return [
                await expectAPIError {
                    try await APIError.catching(endpoint: "kinds.get", method: .get) { throw Offline() }
                }
            ].compactMap { $0 }
        case "paging":
            // A server whose next link points back at the page itself: following it would loop.
            let server = try ScriptedHTTPServer { _ in
                ScriptedHTTPServer.Response(
                    status: 200, headers: [("Link", #"</echo/pages>; rel="next""#)], body: Data("[1]".utf8))
            }
            defer { server.stop() }
            let client = APIClient(
                environments: ServerEnvironments(["api": ["local": server.baseURL]]),
                transport: .urlSession(URLSession(configuration: .ephemeral)), credentials: .constant("token"))
            let pages = PageSequence(
                first: get("/echo/pages"), paging: .linkHeader, accessor: client.accessor(for: ClientUserAuth.self))
            return [await expectAPIError { for try await _ in pages {} }].compactMap { $0 }
        default:
            Issue.record("no way to produce .\(kind) here: add one")
            return []
        }
    }

    /// Runs `body` with a TCP port on 127.0.0.1 that is bound but not listening (connecting to it is refused).
    static func withUnlistenedPort<Result>(_ body: (Int) async throws -> Result) async throws -> Result {
        #if canImport(Darwin)
        let socketType = SOCK_STREAM
        #else
        let socketType = Int32(SOCK_STREAM.rawValue)
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(bound)
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }
}
#endif
