import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenQueued

/// The Queued case's generated response handling: queued requests of two services on one queue, each result
/// decoded and handed to the handler closure of its endpoint; the results of endpoints whose closure a handling
/// leaves out wait in the queue for another.
@Suite struct QueuedResponseHandlingTests {
    /// Handles two of the five endpoints; the others are left nil.
    struct PartialHandler {
        let log = Log()

        actor Log {
            var entries: [String] = []
            func add(_ entry: String) { entries.append(entry) }
        }

        /// Deprecated because the module's handling names a deprecated endpoint (`notes.archive`).
        @available(*, deprecated, message: "The handling covers the deprecated archive endpoint.")
        var handling: QueuedResponseHandling {
            let log = log
            return QueuedResponseHandling(
                didFinishNotesCreate: { result, _ in
                    switch result {
                    case .success(let note): await log.add("notes.create \(note.id.rawValue)")
                    case .failure(let error):
                        await log.add(
                            "notes.create failed \(error.kind) payload \(String(describing: error.errorPayload))")
                    }
                },
                didFinishTagsCreate: { result, _ in await log.add("tags.create \((try? result.get().value) ?? [])") })
        }
    }

    /// Answers every request from `answer`, recording what was sent.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [HTTPRequest] = []
        let answer: @Sendable (HTTPRequest) -> HTTPResponse
        init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }
        var requests: [HTTPRequest] { lock.withLock { sent } }
        var transport: HTTPTransport {
            .inMemory { request in
                self.lock.withLock { self.sent.append(request) }
                return self.answer(request)
            }
        }
    }

    static func client(_ server: Server) -> APIClient {
        APIClient(
            environments: QueuedServers.environments(), transport: server.transport, credentials: .constant("t0k"))
    }

    @available(*, deprecated, message: "Uses the deprecated archive endpoint through the router.")
    @Test func eachQueuedEndpointReachesItsOwnMethod() async throws {
        let server = Server { request in
            switch request.url.path {
            case "/notes": HTTPResponse(status: 201, body: Data(#"{"id": "n-9", "text": "hi"}"#.utf8))
            case "/tags/notes": HTTPResponse(status: 200, body: Data(#"["a", "b"]"#.utf8))
            default: HTTPResponse(status: 200)
            }
        }
        let client = Self.client(server)
        let queue = APIClientQueue.sending(through: client, name: "golden", directory: nil)
        let handler = PartialHandler()
        await QueuedResponseRouter(handler: handler.handling).attach(to: queue)
        let notes = NotesBusinessController(accessible: client, queue: queue)
        let tags = TagsBusinessController(accessible: client, queue: queue)

        _ = try await tags.enqueueCreate(body: [Note(id: Note.ID("n-1"), text: "x")])
        let syncID = try await notes.enqueueSync(since: "2026-01-01")
        let archiveID = try await notes.enqueueArchive(id: "n 1")
        await queue.waitUntilIdle()
        // Not handled by this handling: their results wait, in enqueue order, for a router that handles them.
        #expect(await queue.waitingResults().map(\.id) == [syncID, archiveID])
        let late = PartialHandler.Log()
        await QueuedResponseRouter(
            handler: QueuedResponseHandling(
                didFinishNotesSync: { _, request in await late.add("notes.sync \(request.id == syncID)") })
        ).attach(to: queue)
        #expect(await late.entries == ["notes.sync true"])
        #expect(await queue.waitingResults().map(\.id) == [archiveID])
        // notes.create is `persist: true`: a queue without a folder refuses it, so it goes to a persisting queue.
        await #expect(throws: APIError.self) {
            _ = try await notes.enqueueCreate(body: Note(id: Note.ID("n-9"), text: "hi"))
        }

        try await withTemporaryFolder("golden-queued") { folder in
            let persisting = APIClientQueue.sending(through: client, name: "golden", directory: folder)
            await QueuedResponseRouter(handler: handler.handling).attach(to: persisting)
            let note = Note(id: Note.ID("n-9"), text: "hi")
            _ = try await NotesBusinessController(accessible: client, queue: persisting).enqueueCreate(body: note)
            await persisting.waitUntilIdle()
        }

        #expect(await handler.log.entries == ["tags.create [\"a\", \"b\"]", "notes.create n-9"])
        #expect(
            server.requests.map { "\($0.method.rawValue) \($0.url.absoluteString)" } == [
                "POST https://api.example.com/tags/notes", "GET https://api.example.com/notes/sync?since=2026-01-01",
                "POST https://api.example.com/notes/n%201/archive", "POST https://api.example.com/notes",
            ])
        #expect(server.requests.map { $0.headers["Authorization"] } == [nil, "Bearer t0k", "Bearer t0k", "Bearer t0k"])
    }

    @available(*, deprecated, message: "Routes through the router, which routes a deprecated endpoint.")
    @Test func errorsArriveTypedWithTheRoutersErrorPayloadDecoder() async throws {
        let handler = PartialHandler()
        let request = QueuedRequest(
            endpoint: "notes.create",
            request: HTTPRequest(method: .post, url: URL(string: "https://api.example.com/notes")!),
            options: QueueOptions(), sequence: 0, idempotencyKey: "k")
        let failure = HTTPResponse(status: 422, body: Data(#"{"reason": "empty"}"#.utf8))
        #expect(await QueuedResponseRouter(handler: handler.handling).route(request, .success(failure)))
        #expect(
            await QueuedResponseRouter(handler: handler.handling, errorPayload: { String(decoding: $0, as: UTF8.self) })
                .route(
                    request, .success(failure)))
        #expect(
            await handler.log.entries == [
                "notes.create failed status(422) payload nil",
                #"notes.create failed status(422) payload Optional("{\"reason\": \"empty\"}")"#,
            ])
        #expect(await QueuedResponseRouter(handler: handler.handling).route(request, .failure(TransportError.timedOut)))
        #expect(await handler.log.entries.last == "notes.create failed timeout payload nil")
        let other = QueuedRequest(
            endpoint: "notes.other", request: request.request, options: QueueOptions(), sequence: 1, idempotencyKey: "k"
        )
        #expect(await QueuedResponseRouter(handler: handler.handling).route(other, .success(failure)) == false)
        #expect(
            QueuedResponseRouter.endpoints == [
                "notes.create", "notes.sync", "notes.archive", "notes.restore", "tags.create",
            ])
    }

    /// A queued endpoint that accepts alternatives: the router registers its combined auth type, and the request
    /// gets the credentials of the first alternative the client covers when it is sent.
    @available(*, deprecated, message: "Attaches the router, which routes a deprecated endpoint.")
    @Test func aQueuedRequestWithAlternativesGetsTheFirstCoveredSet() async throws {
        #expect(
            QueuedResponseRouter.authSchemes.map { $0.name }.contains(
                AnyOfAuth<AllOfAuth<TokenAuth, DeviceAuth>, TokenAuth>.name))
        let server = Server { _ in HTTPResponse(status: 204) }
        let key = Locked<String?>("device-1")
        let client = APIClient(
            environments: QueuedServers.environments(), transport: server.transport,
            credentials: CredentialProvider { scheme in scheme == DeviceAuth.self ? key.withLock { $0 } : "t0k" })
        let queue = APIClientQueue.sending(through: client, name: "golden", directory: nil)
        let handling = QueuedResponseHandling(didFinishNotesRestore: { _, _ in })
        await QueuedResponseRouter(handler: handling).attach(to: queue)
        let notes = NotesBusinessController(accessible: client, queue: queue)
        try await notes.enqueueRestore(id: "n1")
        await queue.waitUntilIdle()
        key.withLock { $0 = nil }
        try await notes.enqueueRestore(id: "n2")
        await queue.waitUntilIdle()
        #expect(server.requests.map(\.url.path) == ["/notes/n1/restore", "/notes/n2/restore"])
        #expect(server.requests.map { $0.headers["Authorization"] } == ["Bearer t0k", "Bearer t0k"])
        #expect(server.requests.map { $0.headers["X-Device-Key"] } == ["device-1", nil])
    }

    /// A queued optional response is read whole, as `APIClient` reads it: a 204 is nil, a body the note itself.
    @available(*, deprecated, message: "Routes through the router, which routes a deprecated endpoint.")
    @Test func aQueuedOptionalResponseIsNilForNoContent() async throws {
        let results = Locked<[Result<Note?, APIError>]>([])
        let router = QueuedResponseRouter(
            handler: QueuedResponseHandling(didFinishNotesRestore: { result, _ in results.withLock { $0.append(result) }
            }))
        let request = QueuedRequest(
            endpoint: "notes.restore",
            request: HTTPRequest(method: .post, url: URL(string: "https://api.example.com/notes/n1/restore")!),
            options: QueueOptions(), sequence: 0, idempotencyKey: "k")
        #expect(await router.route(request, .success(HTTPResponse(status: 204))))
        let body = Data(#"{"id": "n1", "text": "Back"}"#.utf8)
        #expect(await router.route(request, .success(HTTPResponse(status: 200, body: body))))
        let answers = results.withLock { $0 }.map { try? $0.get() }
        #expect(answers.count == 2 && answers[0] == .some(nil) && answers[1] == .some(Note(id: "n1", text: "Back")))
    }
}
