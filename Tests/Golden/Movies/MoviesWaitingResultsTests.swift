// These tests talk to a server on a real socket (`ScriptedHTTPServer`), which the test support builds for macOS and
// Linux only, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenMovies

/// The generated response handling leaves an endpoint whose closure is nil to someone else: its results are not
/// consumed but wait in the queue — on disk, across a relaunch — and the app can list them, until a router whose
/// handling sets that closure takes them. Over real HTTP on 127.0.0.1 and a real queue folder.
@Suite(.timeLimit(.minutes(1)))
struct MoviesWaitingResultsTests {
    /// What the handlings received, in order.
    actor Log {
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }

    /// A rating is answered 201 with a message, a deletion 204.
    static func server() throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            guard request.requestLine.hasPrefix("POST ") else { return ScriptedHTTPServer.Response(status: 204) }
            return ScriptedHTTPServer.Response(
                status: 201, headers: [("Content-Type", "application/json")],
                body: Data(#"{"data": {"result": {"success": true, "status_message": "Rated."}}}"#.utf8))
        }
    }

    static func client(_ server: ScriptedHTTPServer) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["api": ["local": "\(server.baseURL)/3"]]),
            transport: .urlSession(),
            credentials: CredentialProvider { scheme in scheme == SessionAuth.self ? "session" : nil })
    }

    /// The rating screen's handling: ratings only.
    static func ratings(_ log: Log) -> MoviesResponseHandling {
        MoviesResponseHandling(didFinishMoviesRate: { result, _ in
            await log.add("rate \((try? result.get().value.statusMessage) ?? "failed")")
        })
    }

    static func requestFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
    }

    @Test func anEndpointWithoutAClosureKeepsItsResultsAcrossARelaunchUntilARouterTakesThem() async throws {
        let server = try Self.server()
        defer { server.stop() }
        try await withTemporaryFolder("movies-waiting") { folder in
            let directory = folder.appendingPathComponent("queue", isDirectory: true)
            let log = Log()

            // First launch: only ratings are handled. The deletion is sent and answered, and its answer waits.
            let client = Self.client(server)
            let first = APIClientQueue.sending(through: client, name: "movies", directory: directory)
            let router = MoviesResponseRouter(handler: Self.ratings(log))
            #expect(router.handler.handledEndpoints == ["movies.rate"])
            await router.attach(to: first)
            let controller = MoviesBusinessController(accessible: client, queue: first)
            _ = try await controller.enqueueRate(id: 603, body: RatingRequest(value: 9))
            let deleteID = try await controller.enqueueDeleteRating(id: 680)
            await first.waitUntilIdle()
            #expect(await log.lines == ["rate Rated."])
            let waiting = await first.waitingResults(endpoints: MoviesResponseRouter.endpoints)
            #expect(waiting.map(\.id) == [deleteID])
            #expect(waiting.first?.request.endpoint == "movies.delete_rating")
            #expect(waiting.first?.request.answer?.status == 204)
            #expect(
                Self.requestFiles(in: directory).count == 1
                    && Self.requestFiles(in: directory)[0].contains("\(deleteID)"))
            await first.close()

            // Relaunch, with the ratings router only: the deletion's answer is read back and waits again, and the
            // deletion is not sent a second time.
            let relaunched = Self.client(server)
            let second = APIClientQueue.sending(through: relaunched, name: "movies", directory: directory)
            await MoviesResponseRouter(handler: Self.ratings(log)).attach(to: second)
            try await second.resumePersisted()
            await second.waitUntilIdle()
            #expect(await second.waitingResults().map(\.id) == [deleteID])
            #expect(await log.lines == ["rate Rated."])

            // A second router, whose handling takes deletions, receives it at once; then it is off the disk.
            let deletions = MoviesResponseHandling(didFinishMoviesDeleteRating: { result, request in
                await log.add("delete \(request.id == deleteID) \((try? result.get()) == EmptyResponse())")
            })
            await MoviesResponseRouter(handler: deletions).attach(to: second)
            #expect(await log.lines == ["rate Rated.", "delete true true"])
            #expect(await second.waitingResults().isEmpty)
            #expect(Self.requestFiles(in: directory).isEmpty)
            #expect(
                server.received.map(\.requestLine) == [
                    "POST /3/movie/603/rating HTTP/1.1", "DELETE /3/movie/680/rating HTTP/1.1",
                ])
            await second.close()
        }
    }

    /// A handling that sets no closure takes nothing, and the router tells what it would take.
    @Test func aRouterRoutesOnlyTheClosuresItsHandlingSets() async throws {
        let log = Log()
        let router = MoviesResponseRouter(handler: Self.ratings(log))
        let delete = QueuedRequest(
            endpoint: "movies.delete_rating",
            request: HTTPRequest(method: .delete, url: URL(string: "http://127.0.0.1/3/movie/1/rating")!),
            options: QueueOptions(), sequence: 0, idempotencyKey: "k")
        #expect(await router.route(delete, .success(HTTPResponse(status: 204))) == false)
        #expect(MoviesResponseHandling().handledEndpoints.isEmpty)
        #expect(await log.lines.isEmpty)
    }
}
#endif
