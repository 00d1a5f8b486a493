import Foundation
@_spi(Generated) import LucidRuntime

/// The runtime's figures of `make bench`: cache hit latency, deduplication, queue throughput, APIClient's overhead
/// over an in-memory transport, and ISO 8601 parsing. One line per figure; timings are wall-clock on this machine.
enum RuntimeBench {
    static func run() async throws {
        let request = HTTPRequest(
            method: .get, url: URL(fileURLWithPath: "/bench"), headers: ["Accept": "application/json"])
        let response = HTTPResponse(status: 200, body: Data(#"{"ok": true}"#.utf8))

        // Cache hit latency, measured from a task on the cooperative pool, as callers are.
        let cache = ResponseCache(capacity: 1024)
        await cache.store(response, for: request, ttl: .seconds(3600))
        let hit = await measure(iterations: 100_000) { _ = await cache.response(for: request) }
        report("cache hit latency", String(format: "%.2f µs", hit), target: "≤ 2 µs")

        // 1,000 concurrent identical requests through the deduplicator.
        let deduplicator = RequestDeduplicator()
        let calls = SendCounter()
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    try await deduplicator.perform(request) { _ in
                        await calls.increment()
                        try await Task.sleep(for: .milliseconds(50))
                        return response
                    }
                }
            }
            for try await _ in group {}
        }
        report("1,000 concurrent identical requests", "\(await calls.value) transport call(s)", target: "exactly 1")

        // Queue throughput: 10,000 concurrent (non-persisted) requests through an in-memory send.
        let queue = APIClientQueue(name: "bench", directory: nil, maxConcurrent: 8) { _ in response }
        let queued = try await ContinuousClock().measure {
            for index in 0..<10_000 {
                _ = try await queue.enqueue(
                    endpoint: "bench", request: HTTPRequest(method: .post, url: URL(fileURLWithPath: "/q/\(index)")),
                    options: QueueOptions())
            }
            await queue.waitUntilIdle()
        }
        let seconds = Double(queued.components.seconds) + Double(queued.components.attoseconds) / 1e18
        report(
            "queue throughput, 10,000 requests", String(format: "%.0f requests/s (%.3f s)", 10_000 / seconds, seconds))

        // Per-request overhead of APIClient (URL building, auth, middleware, decoding) over an in-memory transport.
        let client = APIClient(
            environments: ServerEnvironments(servers: [
                (name: "api", environments: [.init(name: "production", baseURL: "https://api.example.com/3")])
            ]),
            transport: .inMemory { _ in response },
            credentials: CredentialProvider(credential: { _ in "token" }),
            prepareRequest: [
                { request in
                    var request = request
                    request.headers["X-Client"] = "bench"
                    return request
                }
            ]
        )
        let resource = BackendResource<Void, BenchBody, BenchAuth>(
            name: "bench.fetch", server: "api", method: .get,
            path: ResourcePath("/movie/{id}", parameters: ["id": "603"]),
            query: [QueryItem("language", "en-US")], deduplicate: false,
            decodeResponse: { try JSONDecoder().decode(BenchBody.self, from: $0) })
        let overhead = try await measure(iterations: 20_000) { _ = try await client.send(resource, with: ()) }
        report("APIClient per-request overhead", String(format: "%.2f µs", overhead), target: "≤ 20 µs")

        // ISO 8601 dates: 100,000 timestamps (half with a fraction) parsed by LucidRuntime's own reader, against
        // Foundation's Date.ISO8601FormatStyle (which, on Apple's Foundation before 6.2, would reject the half without
        // a fraction). The reader is internal, so each is timed inside the same JSON decoding walk, and the walk alone
        // (strings decoded, nothing parsed) is taken off, leaving the time per parse.
        let stamps = (0..<100_000).map { index in
            let text = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 97.25).formatted(.iso8601)
            return index % 2 == 0 ? text : String(text.dropLast()) + ".250Z"
        }
        let datesJSON = try JSONEncoder().encode(["dates": stamps])
        /// Mean microseconds to decode the 100,000 dates as `type`, after one warm-up run.
        func decodingTime<T: Decodable>(_ type: T.Type) async throws -> Double {
            _ = try JSONDecoder().decode(type, from: datesJSON)
            return try await measure(iterations: 5) { _ = try JSONDecoder().decode(type, from: datesJSON) }
        }
        let walk = try await decodingTime(BenchWalk.self)
        /// The time per parse of a 100,000-date run, then per date with the JSON decoding.
        func perDate(_ total: Double) -> String {
            String(format: "%.2f µs per parse (%.2f µs per date with JSON decoding)", (total - walk) / 1e5, total / 1e5)
        }
        report("ISO 8601 parse, LucidRuntime", perDate(try await decodingTime(BenchOurs.self)))
        report("ISO 8601 parse, Foundation's ISO8601FormatStyle", perDate(try await decodingTime(BenchFoundation.self)))
    }

    /// Runs `body` `iterations` times and returns the mean time per iteration in microseconds.
    static func measure(iterations: Int, _ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for _ in 0..<iterations { try await body() }
        }
        let parts = elapsed.components
        return (Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12) / Double(iterations)
    }

    static func report(_ name: String, _ value: String, target: String = "") {
        print("\(name): \(value)" + (target.isEmpty ? "" : " (target \(target))"))
    }
}

/// Counts transport calls.
private actor SendCounter {
    private(set) var value = 0
    func increment() { value += 1 }
}

private enum BenchAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
}

private struct BenchBody: Decodable, Sendable { let ok: Bool }

private enum BenchKeys: String, CodingKey { case dates }

/// Walks the `dates` array the way `decode(.dates(_:), at:)` does, handing each string to `parse`.
private func eachStamp(in decoder: any Decoder, _ parse: (String) throws -> Void) throws {
    var list = try decoder.container(keyedBy: BenchKeys.self).nestedUnkeyedContainer(forKey: .dates)
    while !list.isAtEnd { try parse(try list.decode(String.self)) }
}

private struct BenchWalk: Decodable {
    init(from decoder: any Decoder) throws { try eachStamp(in: decoder) { _ in } }
}

private struct BenchOurs: Decodable {
    let dates: [Date]
    init(from decoder: any Decoder) throws {
        dates = try decoder.decode(.dates(.iso8601), at: ["dates"])
    }
}

private struct BenchFoundation: Decodable {
    static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    var dates: [Date] = []
    init(from decoder: any Decoder) throws { try eachStamp(in: decoder) { dates.append(try Self.style.parse($0)) } }
}
