import Foundation
import LucidRuntime

/// The stream figures of `make bench` (issue 40): an OpenAI-shaped chat stream of 20,000 events (about 2.4 MB) read
/// through `ResponseStream` (the body cut into events by `ServerSentEventParser`, each decoded) from an in-memory
/// transport, beside its baseline in the same run: the same 20,000 JSON texts decoded by `JSONDecoder` in a loop,
/// with no stream around them. The difference is what reading a stream costs over decoding its items.
enum StreamBench {
    struct Chunk: Decodable, Sendable {
        struct Choice: Decodable, Sendable {
            struct Delta: Decodable, Sendable { var content: String? }
            var index: Int
            var delta: Delta
        }
        var id: String
        var created: Int
        var model: String
        var choices: [Choice]
    }

    enum NoAuth: AuthScheme {
        static let placement = CredentialPlacement.none
    }

    /// `path` on the loopback server at `base`: its URL, a client of that server, and a GET of it named `name`.
    static func loopback(
        base: String, path: String, name: String
    ) throws -> (url: URL, client: APIClient, request: BackendResource<Void, EmptyResponse, NoAuth>) {
        guard let url = URL(string: base + path) else { throw BenchError("not a URL: \(base + path)") }
        let client = APIClient(environments: ServerEnvironments(["loopback": ["bench": base]]))
        let request = BackendResource<Void, EmptyResponse, NoAuth>(
            name: name, server: "loopback", method: .get, path: ResourcePath(path),
            decodeResponse: { _ in EmptyResponse() })
        return (url, client, request)
    }

    static func run() async throws {
        let count = 20_000
        let texts = (0..<count).map { index in
            #"{"id":"chatcmpl-1","created":1733500000,"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"word \#(index) "}}]}"#
        }
        var body = Data()
        for text in texts { body.append(contentsOf: Array("data: \(text)\n\n".utf8)) }
        body.append(contentsOf: Array("data: [DONE]\n\n".utf8))
        let client = APIClient(
            environments: ServerEnvironments(["ai": ["bench": "https://api.example.com"]]),
            transport: .inMemory { [body] _ in HTTPResponse(status: 200, body: body) })
        let resource = StreamResource(
            request: BackendResource<Void, EmptyResponse, NoAuth>(
                name: "chat.stream", server: "ai", method: .post, path: ResourcePath("/v1/chat/completions"),
                decodeResponse: { _ in EmptyResponse() }),
            format: .serverSentEvents, terminator: "[DONE]", decodeItem: { try $0.decode(Chunk.self) })
        let items = texts.map { Data($0.utf8) }

        let streamed = try await RuntimeBench.measure(iterations: 5) {
            var read = 0
            for try await _ in ResponseStream(resource, accessor: client.accessor(for: NoAuth.self)) { read += 1 }
            guard read == count else { throw BenchError("streams: \(read) events, not \(count)") }
        }
        let decoded = try await RuntimeBench.measure(iterations: 5) {
            let decoder = JSONDecoder()
            for item in items { _ = try decoder.decode(Chunk.self, from: item) }
        }
        let megabytes = Double(body.count) / 1e6
        RuntimeBench.report(
            "stream of \(count) events (\(String(format: "%.1f", megabytes)) MB), ResponseStream",
            String(
                format: "%.2f µs per event, %.0f MB/s; baseline JSONDecoder alone %.2f µs per event (same run)",
                streamed / Double(count), megabytes / (streamed / 1e6), decoded / Double(count)))
    }
}
