import Foundation
import LucidRuntime
import Testing

@testable import GoldenErrorPayload

/// The error payload decoder of a deprecated entity, and the router that uses it by default.
@Suite struct ErrorPayloadTests {
    struct Handler {
        let errors = Errors()
        actor Errors {
            var all: [APIError] = []
            func add(_ error: APIError) { all.append(error) }
        }
        var handling: ErrorPayloadResponseHandling {
            let errors = errors
            return ErrorPayloadResponseHandling(didFinishJobsStart: { result, _ in
                if case .failure(let error) = result { await errors.add(error) }
            })
        }
    }

    @available(*, deprecated, message: "Reads the deprecated failure entity.")
    @Test func theRouterDecodesTheErrorPayloadByDefault() async throws {
        let handler = Handler()
        let request = QueuedRequest(
            endpoint: "jobs.start",
            request: HTTPRequest(method: .post, url: URL(string: "https://api.example.com/jobs")!),
            options: QueueOptions(), sequence: 0, idempotencyKey: "k")
        let body = Data(#"{"code": "busy", "message": "try later"}"#.utf8)
        #expect(
            await ErrorPayloadResponseRouter(handler: handler.handling).route(
                request, .success(HTTPResponse(status: 409, body: body))))
        let error = try #require(await handler.errors.all.first)
        #expect(error.kind == .status(409))
        #expect(error.errorPayload(as: Failure.self) == Failure(id: Failure.ID("busy"), message: "try later"))
        #expect(ErrorPayloadErrorPayload.decode(Data("not json".utf8)) == nil)
    }
}
