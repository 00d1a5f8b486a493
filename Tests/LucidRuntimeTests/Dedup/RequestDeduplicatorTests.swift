import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// A `send` for the deduplicator that counts its calls and holds every call until the test opens it.
private final class GatedSend: Sendable {
    struct State {
        var requests: [HTTPRequest] = []
        var cancellations = 0
        var isOpen = false
    }

    let state = Locked(State())
    private let respond: @Sendable (HTTPRequest) throws -> HTTPResponse

    init(isOpen: Bool = false, respond: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        self.respond = respond
        state.withLock { $0.isOpen = isOpen }
    }

    var calls: Int { state.withLock { $0.requests.count } }
    var cancellations: Int { state.withLock { $0.cancellations } }
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Lets every held call (and every later one) answer.
    func open() {
        state.withLock { $0.isOpen = true }
    }

    /// The closure to hand to `perform`.
    var send: @Sendable (HTTPRequest) async throws -> HTTPResponse {
        { request in
            self.state.withLock { $0.requests.append(request) }
            do {
                while !self.state.withLock({ $0.isOpen }) {
                    try await Task.sleep(for: .milliseconds(1))
                }
            } catch {
                self.state.withLock { $0.cancellations += 1 }
                throw error
            }
            return try self.respond(request)
        }
    }
}

/// Polls `condition` until it holds or `timeout` passes; whether it held.
private func eventually(
    timeout: Duration = .seconds(20),
    _ condition: @Sendable () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

private func makeRequest(
    _ method: HTTPMethod = .get,
    _ address: String = "https://api.example.com/movies",
    headers: [String: String] = [:],
    body: String? = nil
) throws -> HTTPRequest {
    HTTPRequest(
        method: method, url: try #require(URL(string: address)), headers: headers, body: body.map { Data($0.utf8) })
}

/// A response that tells which request it answers.
private func echo(_ request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(
        status: 200, headers: request.headers,
        body: Data("\(request.method.rawValue) \(request.url)".utf8) + (request.body ?? Data()))
}

private let okResponse = HTTPResponse(
    status: 200, headers: ["Content-Type": "application/json"], body: Data("[1,2,3]".utf8))

@Suite(.timeLimit(.minutes(1)))
struct RequestDeduplicatorTests {
    @Test func aThousandConcurrentIdenticalRequestsShareOneSend() async throws {
        let deduplicator = RequestDeduplicator()
        let gate = GatedSend { _ in okResponse }
        let request = try makeRequest()
        let send = gate.send

        let results = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await deduplicator.perform(request, using: send) }
            }
            let allJoined = await eventually { await deduplicator.waiterCount(for: request) == 1_000 }
            #expect(allJoined)
            #expect(await deduplicator.inFlightCount == 1)
            gate.open()
            var results: [HTTPResponse] = []
            for try await response in group {
                results.append(response)
            }
            return results
        }

        #expect(results.count == 1_000)
        #expect(results.allSatisfy { $0 == okResponse })
        #expect(gate.calls == 1)
        #expect(await deduplicator.inFlightCount == 0)
    }

    @Test func requestsThatDifferInMethodURLHeadersOrBodySendSeparately() async throws {
        let deduplicator = RequestDeduplicator()
        // Each response echoes its request, so a caller handed another request's response would show.
        let gate = GatedSend { request in echo(request) }
        let distinct = [
            try makeRequest(),
            try makeRequest(.post),
            try makeRequest(.get, "https://api.example.com/genres"),
            try makeRequest(headers: ["Authorization": "Bearer a"]),
            try makeRequest(headers: ["Authorization": "Bearer b"]),
            try makeRequest(.post, body: #"{"title":"Heat"}"#),
            try makeRequest(.post, body: #"{"title":"Ronin"}"#),
        ]
        #expect(Set(distinct).count == distinct.count)
        let send = gate.send

        let results = try await withThrowingTaskGroup(of: (HTTPRequest, HTTPResponse).self) { group in
            for request in distinct {
                for _ in 0..<5 {
                    group.addTask { (request, try await deduplicator.perform(request, using: send)) }
                }
            }
            let allJoined = await eventually {
                for request in distinct where await deduplicator.waiterCount(for: request) != 5 { return false }
                return true
            }
            #expect(allJoined)
            #expect(await deduplicator.inFlightCount == distinct.count)
            gate.open()
            var results: [(HTTPRequest, HTTPResponse)] = []
            for try await result in group {
                results.append(result)
            }
            return results
        }

        #expect(gate.calls == distinct.count)
        #expect(Set(gate.requests) == Set(distinct))
        #expect(results.count == distinct.count * 5)
        for (request, response) in results {
            #expect(response == echo(request))
        }
        #expect(await deduplicator.inFlightCount == 0)
    }

    @Test func everyCallerGetsTheSharedError() async throws {
        let deduplicator = RequestDeduplicator()
        let gate = GatedSend { _ in throw TransportError.network("connection lost") }
        let request = try makeRequest()
        let send = gate.send

        let errors = await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do {
                        _ = try await deduplicator.perform(request, using: send)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            let allJoined = await eventually { await deduplicator.waiterCount(for: request) == 50 }
            #expect(allJoined)
            gate.open()
            var errors: [(any Error)?] = []
            for await error in group {
                errors.append(error)
            }
            return errors
        }

        #expect(errors.count == 50)
        #expect(errors.allSatisfy { ($0 as? TransportError) == .network("connection lost") })
        #expect(gate.calls == 1)
        #expect(await deduplicator.inFlightCount == 0)
    }

    @Test func cancellingOneCallerLeavesTheOthersAndTheSend() async throws {
        let deduplicator = RequestDeduplicator()
        let gate = GatedSend { _ in okResponse }
        let request = try makeRequest()
        let send = gate.send
        let callers = (0..<5).map { _ in Task { try await deduplicator.perform(request, using: send) } }
        #expect(await eventually { await deduplicator.waiterCount(for: request) == 5 })

        callers[0].cancel()
        // The gate is still closed, so this returns only because cancellation is prompt.
        await #expect(throws: CancellationError.self) { try await callers[0].value }
        #expect(await deduplicator.waiterCount(for: request) == 4)
        #expect(await deduplicator.inFlightCount == 1)
        #expect(gate.cancellations == 0)

        gate.open()
        for caller in callers.dropFirst() {
            #expect(try await caller.value == okResponse)
        }
        #expect(gate.calls == 1)
        #expect(gate.cancellations == 0)
        #expect(await deduplicator.inFlightCount == 0)
    }

    @Test func cancellingEveryCallerCancelsTheSend() async throws {
        let deduplicator = RequestDeduplicator()
        let gate = GatedSend { _ in okResponse }
        let request = try makeRequest()
        let send = gate.send
        let callers = (0..<3).map { _ in Task { try await deduplicator.perform(request, using: send) } }
        #expect(await eventually { await deduplicator.waiterCount(for: request) == 3 })

        callers[0].cancel()
        callers[1].cancel()
        await #expect(throws: CancellationError.self) { try await callers[0].value }
        await #expect(throws: CancellationError.self) { try await callers[1].value }
        #expect(gate.cancellations == 0)

        callers[2].cancel()
        await #expect(throws: CancellationError.self) { try await callers[2].value }
        #expect(await eventually { gate.cancellations == 1 })
        #expect(await deduplicator.inFlightCount == 0)
        #expect(gate.calls == 1)

        // A later identical request starts a new call rather than joining the cancelled one.
        gate.open()
        #expect(try await deduplicator.perform(request, using: send) == okResponse)
        #expect(gate.calls == 2)
    }

    @Test func aCallerCancelledBeforeItStartsThrowsWithoutSending() async throws {
        let deduplicator = RequestDeduplicator()
        let gate = GatedSend(isOpen: true) { _ in okResponse }
        let request = try makeRequest()
        let send = gate.send
        let caller = Task {
            while !Task.isCancelled {
                await Task.yield()
            }
            return try await deduplicator.perform(request, using: send)
        }
        caller.cancel()

        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(gate.calls == 0)
        #expect(await deduplicator.inFlightCount == 0)
    }

    @Test func sequentialIdenticalRequestsEachSend() async throws {
        let deduplicator = RequestDeduplicator()
        let gate = GatedSend(isOpen: true) { _ in okResponse }
        let request = try makeRequest()

        for round in 1...3 {
            #expect(try await deduplicator.perform(request, using: gate.send) == okResponse)
            #expect(gate.calls == round)
            #expect(await deduplicator.inFlightCount == 0)
        }
    }

    @Test func aFailedCallIsNotRemembered() async throws {
        let deduplicator = RequestDeduplicator()
        let request = try makeRequest()
        let attempts = Locked(0)
        let send: @Sendable (HTTPRequest) async throws -> HTTPResponse = { _ in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt == 1 { throw TransportError.timedOut }
            return okResponse
        }

        await #expect(throws: TransportError.timedOut) { try await deduplicator.perform(request, using: send) }
        #expect(try await deduplicator.perform(request, using: send) == okResponse)
        #expect(attempts.withLock { $0 } == 2)
    }
}
