import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A thrown error no transport maps, to check it reaches the caller unchanged.
private struct PlainFailure: Error, Equatable {
    var code: Int
}

@Suite(.timeLimit(.minutes(1)))
struct HTTPObserverTests {
    static let url = URL(string: "https://api.example.com/3/movie/603/rating?api_key=key-OBS-1")!
    static let request = HTTPRequest(
        method: .post, url: url, headers: ["Authorization": "Bearer tok-OBS-2"], body: Data(#"{"value":8}"#.utf8))

    /// `transport` observed into a recorder.
    static func observing(_ transport: HTTPTransport) -> (HTTPTransport, ClientRecorder<HTTPExchange>) {
        let recorder = ClientRecorder<HTTPExchange>()
        return (transport.observed { recorder.append($0) }, recorder)
    }

    @Test func theObserverSeesAResponseAndTheCallerGetsItUnchanged() async throws {
        let answer = HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        let (transport, recorder) = Self.observing(.inMemory { _ in answer })
        let response = try await transport.send(Self.request)
        #expect(response == answer)
        let exchange = try #require(recorder.values.first)
        #expect(recorder.count == 1)
        #expect(exchange.request == Self.request)
        #expect(try exchange.result.get() == answer)
        #expect(exchange.duration >= .zero)
    }

    @Test func anHTTPErrorStatusIsAResponseToo() async throws {
        let (transport, recorder) = Self.observing(.inMemory { _ in HTTPResponse(status: 503) })
        #expect(try await transport.send(Self.request).status == 503)
        #expect(try recorder.values.first?.result.get().status == 503)
    }

    @Test(arguments: [TransportError.timedOut, .network("connection lost"), .cancelled])
    func aTransportErrorIsSeenAndRethrownAsItWas(_ failure: TransportError) async throws {
        let (transport, recorder) = Self.observing(.inMemory { _ in throw failure })
        await #expect(throws: failure) { try await transport.send(Self.request) }
        let exchange = try #require(recorder.values.first)
        #expect(throws: failure) { try exchange.result.get() }
        #expect(exchange.duration >= .zero)
    }

    @Test func anyOtherErrorIsRethrownAsItWas() async throws {
        let (transport, recorder) = Self.observing(.inMemory { _ in throw PlainFailure(code: 7) })
        await #expect(throws: PlainFailure(code: 7)) { try await transport.send(Self.request) }
        #expect(recorder.count == 1)
    }

    @Test func cancellingTheCallerStaysACancellation() async throws {
        let started = AsyncStream<Void>.makeStream()
        let inner = HTTPTransport.inMemory { _ in
            started.continuation.yield()
            // Ends by cancellation only: the test cancels as soon as the request has started.
            try await Task.sleep(for: .seconds(3600))
            return HTTPResponse(status: 200)
        }
        let (transport, recorder) = Self.observing(inner)
        let task = Task { try await transport.send(Self.request) }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let exchange = try #require(recorder.values.first)
        #expect(throws: CancellationError.self) { try exchange.result.get() }
    }

    @Test func theObserverHasFinishedWhenTheCallerGetsTheAnswer() async throws {
        let recorder = ClientRecorder<String>()
        let transport = HTTPTransport.inMemory { _ in HTTPResponse(status: 204) }.observed { _ in
            await Task.yield()
            recorder.append("observed")
        }
        _ = try await transport.send(Self.request)
        recorder.append("answered")
        #expect(recorder.values == ["observed", "answered"])
    }

    // MARK: Logging

    /// The lines `transport.logged(redacting:)` writes for one request.
    static func loggedLines(
        of transport: HTTPTransport, redacting redaction: Redaction = .standard, request: HTTPRequest = request
    ) async -> [String] {
        let lines = ClientRecorder<String>()
        _ = try? await transport.logged(redacting: redaction) { lines.append($0) }.send(request)
        return lines.values
    }

    @Test func aResponseIsLoggedOnOneRedactedLine() async throws {
        let lines = await Self.loggedLines(of: .inMemory { _ in HTTPResponse(status: 201, body: Data("{}".utf8)) })
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        let shape = #/POST https://api\.example\.com/3/movie/603/rating\?api_key=REDACTED → 201 \(\d+ ms, 2 bytes\)/#
        #expect(line.wholeMatch(of: shape) != nil, "\(line)")
    }

    @Test func aFailureIsLoggedWithItsReason() async throws {
        let timedOut = await Self.loggedLines(of: .inMemory { _ in throw TransportError.timedOut })
        let line = try #require(timedOut.first)
        let shape =
            #/POST https://api\.example\.com/3/movie/603/rating\?api_key=REDACTED → failed: timed out \(\d+ ms\)/#
        #expect(line.wholeMatch(of: shape) != nil, "\(line)")
        let network = await Self.loggedLines(of: .inMemory { _ in throw TransportError.network("no route") })
        #expect(network.first?.contains("→ failed: network error: no route (") == true)
    }

    @Test func aFailureThatQuotesTheRequestLeaksNoSecret() async throws {
        let url = Self.url
        let quoting = HTTPTransport.inMemory { request in
            throw URLError(
                .badServerResponse,
                userInfo: [NSURLErrorFailingURLErrorKey: url, "auth": request.headers["Authorization"] ?? ""])
        }
        let line = try #require(await Self.loggedLines(of: quoting).first)
        #expect(!line.contains("key-OBS-1") && !line.contains("tok-OBS-2"), "\(line)")
        #expect(line.contains("→ failed: "))
        #expect(!line.contains("\n"))
    }

    @Test func anAuthSchemesOwnCredentialIsRedactedWhenAdded() async throws {
        let request = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/x?sig=sig-OBS-3")!)
        let redaction = Redaction.standard.adding(.query(name: "sig"))
        let lines = await Self.loggedLines(
            of: .inMemory { _ in HTTPResponse(status: 200) }, redacting: redaction, request: request)
        #expect(lines == lines.filter { !$0.contains("sig-OBS-3") && $0.contains("sig=REDACTED") })
        #expect(lines.count == 1)
    }

    @Test func anExchangeDescribesItselfRedacted() {
        let exchange = HTTPExchange(
            request: Self.request,
            result: .failure(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: Self.url])),
            duration: .milliseconds(1003))
        for text in [String(describing: exchange), "\(exchange)", String(reflecting: exchange), dumped(exchange)] {
            #expect(!text.contains("key-OBS-1") && !text.contains("tok-OBS-2"), "\(text)")
        }
        #expect(exchange.description.hasSuffix("(1003 ms)"))
    }
}

#if os(macOS) || os(Linux)
/// The logger over URLSession against `Tests/Support/loopback_server.py`.
@Suite(.timeLimit(.minutes(1)))
struct HTTPObserverLoopbackTests {
    @Test func aRealExchangeIsLoggedWithItsStatusAndSize() async throws {
        let server = try LoopbackServer.shared.get()
        let lines = ClientRecorder<String>()
        let transport = HTTPTransport.urlSession(URLSession(configuration: .ephemeral)).logged { lines.append($0) }
        let url = try #require(URL(string: server.baseURL + "/status/404?api_key=key-LOOP-1"))
        let response = try await transport.send(HTTPRequest(method: .get, url: url))
        #expect(response.status == 404)
        let line = try #require(lines.values.first)
        #expect(line.hasPrefix("GET \(server.baseURL)/status/404?api_key=REDACTED → 404 ("), "\(line)")
        #expect(line.hasSuffix(" ms, \(response.body.count) bytes)"), "\(line)")
        #expect(!line.contains("key-LOOP-1"))
    }
}
#endif
