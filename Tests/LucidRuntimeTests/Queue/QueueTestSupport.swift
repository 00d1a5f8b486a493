import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport

/// An append-only log shared by test closures.
actor QueueLog<Element: Sendable> {
    private(set) var items: [Element] = []

    func append(_ item: Element) { items.append(item) }
}

/// Counts requests in flight and remembers the most seen at once.
actor InFlightCounter {
    private(set) var current = 0
    private(set) var peak = 0
    private(set) var total = 0

    func enter() {
        current += 1
        total += 1
        peak = max(peak, current)
    }

    func leave() { current -= 1 }
}

/// Lets `count` arrivals wait for each other (bounded: after `timeout` everyone goes on regardless, so that a
/// queue that wrongly serialises requests fails the test instead of hanging it). The bound is a hang guard, far
/// beyond what a loaded machine needs to start the other arrivals: a short one would let the first go on alone,
/// and fail a correct queue's ordering test.
actor Rendezvous {
    private let count: Int
    private var arrived = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func arrive(timeout: Duration = .seconds(30)) async {
        arrived += 1
        if arrived >= count {
            release()
            return
        }
        Task {
            try? await Task.sleep(for: timeout)
            self.release()
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        let all = waiters
        waiters = []
        for waiter in all { waiter.resume() }
    }
}

/// Runs `body` with a queue directory that does not exist yet (the queue creates it), inside a temporary folder
/// removed afterwards, also when the test fails.
func withQueueDirectory<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> Result
) async rethrows -> Result {
    try await withTemporaryFolder("queue-test") { folder in
        try await body(folder.appendingPathComponent("queue", isDirectory: true))
    }
}

/// The request files of a queue directory, sorted.
func queueFiles(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        .sorted()
}

/// A request to `http://queue.test/<path>`.
func testRequest(_ path: String, method: HTTPMethod = .post) -> HTTPRequest {
    HTTPRequest(method: method, url: URL(fileURLWithPath: "/").appendingPathComponent(path).withHTTPScheme)
}

extension URL {
    /// `file:///x` as `http://queue.test/x`.
    fileprivate var withHTTPScheme: URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "queue.test"
        components.path = path
        return components.url ?? self
    }
}

/// The last path component of a request's URL: the tests' name for a request.
func label(_ request: HTTPRequest) -> String { request.url.lastPathComponent }

/// The send of the barrier scenario — a, b concurrent; c a barrier; d, e concurrent — logging the start and end
/// of each request. a and b (and d and e) wait for each other, so they provably run at the same time.
func barrierScenarioSend(
    log: QueueLog<String>, otherDelay: Duration
) -> @Sendable (HTTPRequest) async throws -> HTTPResponse {
    let early = Rendezvous(count: 2)
    let late = Rendezvous(count: 2)
    return { request in
        let name = label(request)
        await log.append("start \(name)")
        switch name {
        case "a", "b": await early.arrive()
        case "d", "e": await late.arrive()
        default: try await Task.sleep(for: otherDelay)
        }
        await log.append("end \(name)")
        return HTTPResponse(status: 200)
    }
}
