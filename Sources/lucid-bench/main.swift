import Foundation
import LucidRuntime

// `make bench`: one line per figure. Timings are wall-clock on this machine; run on a quiet machine.

/// Runs `body` `iterations` times and returns the mean time per iteration in microseconds.
func measure(iterations: Int, _ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try await clock.measure {
        for _ in 0..<iterations { try await body() }
    }
    let parts = elapsed.components
    return (Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12) / Double(iterations)
}

func report(_ name: String, _ value: String, target: String = "") {
    print("\(name): \(value)" + (target.isEmpty ? "" : " (target \(target))"))
}

let request = HTTPRequest(method: .get, url: URL(fileURLWithPath: "/bench"), headers: ["Accept": "application/json"])
let response = HTTPResponse(status: 200, body: Data(#"{"ok": true}"#.utf8))

// Cache hit latency.
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

/// Counts transport calls.
actor SendCounter {
    private(set) var value = 0
    func increment() { value += 1 }
}
