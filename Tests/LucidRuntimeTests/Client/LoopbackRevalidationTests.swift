// These tests open a real socket on 127.0.0.1 and send through URLSession; like the other loopback tests they are
// built for macOS and Linux, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Conditional revalidation of cached responses, end to end: `APIClient` with a `ResponseCache` over URLSession
/// against `ScriptedHTTPServer`, which shows the bytes each request had.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackRevalidationTests {
    /// A body value with the ETag it came with.
    struct Note: ResponsePayload, Equatable {
        let text: String
        let etag: String?

        init(text: String, etag: String?) {
            self.text = text
            self.etag = etag
        }

        init(from decoder: any Decoder) throws {
            text = try decoder.decode(String.self, at: ["text"])
            etag = try decoder.responseHeaderIfPresent(String.self, named: "ETag")
        }
    }

    /// A client for `server`, over an ephemeral URLSession without URLCache (so that only `ResponseCache` caches).
    static func client(for server: ScriptedHTTPServer, cache: ResponseCache? = nil) -> APIClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return APIClient(
            environments: ServerEnvironments(["scripted": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: configuration)), cache: cache)
    }

    /// A cached resource of `server` at `path`, fresh for 60 s.
    static func note(_ path: String, ttl: Duration? = .seconds(60)) -> BackendResource<Void, Note, NoAuth> {
        BackendResource(
            name: "notes.get", server: "scripted", method: .get, path: ResourcePath(path), cacheTTL: ttl,
            readResponse: { try Note.decode(from: $0) })
    }

    @Test func aStaleEntryIsRevalidatedWithIfNoneMatchAndA304() async throws {
        let server = try ScriptedHTTPServer { request in
            if request.header("If-None-Match") == "\"v1\"" {
                return ScriptedHTTPServer.Response(status: 304, headers: [("ETag", "\"v1\"")])
            }
            return ScriptedHTTPServer.Response(
                status: 200, headers: [("Content-Type", "application/json"), ("ETag", "\"v1\"")],
                body: Data(#"{"text": "hello"}"#.utf8))
        }
        defer { server.stop() }
        let clock = TestClock()
        let client = Self.client(for: server, cache: ResponseCache(now: clock.now))
        let note = Self.note("/notes/1")

        #expect(try await client.unauthenticated.fetch(note) == Note(text: "hello", etag: "\"v1\""))
        clock.advance(by: .seconds(61))
        #expect(try await client.unauthenticated.fetch(note) == Note(text: "hello", etag: "\"v1\""))
        let received = server.received
        #expect(received.count == 2)
        #expect(received.first?.header("If-None-Match") == nil)
        let conditional = try #require(received.last)
        #expect(conditional.requestLine == "GET /notes/1 HTTP/1.1")
        #expect(conditional.head.contains("\r\nIf-None-Match: \"v1\"\r\n"))
        #expect(conditional.header("If-Modified-Since") == nil)

        // Renewed: within the TTL nothing is sent.
        clock.advance(by: .seconds(59))
        #expect(try await client.unauthenticated.fetch(note).text == "hello")
        #expect(server.received.count == 2)
    }

    @Test func aStaleEntryIsRevalidatedWithIfModifiedSince() async throws {
        let date = "Wed, 21 Oct 2015 07:28:00 GMT"
        let server = try ScriptedHTTPServer { request in
            if request.header("If-Modified-Since") == date {
                return ScriptedHTTPServer.Response(status: 304)
            }
            return ScriptedHTTPServer.Response(
                status: 200, headers: [("Last-Modified", date)], body: Data(#"{"text": "dated"}"#.utf8))
        }
        defer { server.stop() }
        let clock = TestClock()
        let client = Self.client(for: server, cache: ResponseCache(now: clock.now))
        let note = Self.note("/notes/dated")

        #expect(try await client.unauthenticated.fetch(note).text == "dated")
        clock.advance(by: .seconds(61))
        #expect(try await client.unauthenticated.fetch(note).text == "dated")
        clock.advance(by: .seconds(30))
        #expect(try await client.unauthenticated.fetch(note).text == "dated")
        let received = server.received
        #expect(received.count == 2)
        #expect(received.last?.head.contains("\r\nIf-Modified-Since: \(date)\r\n") == true)
        #expect(received.last?.header("If-None-Match") == nil)
    }

    @Test func a200OnRevalidationReplacesTheEntry() async throws {
        let version = Locked(0)
        let server = try ScriptedHTTPServer { _ in
            let current = version.withLock {
                $0 += 1
                return $0
            }
            return ScriptedHTTPServer.Response(
                status: 200, headers: [("ETag", "\"v\(current)\"")],
                body: Data(#"{"text": "version \#(current)"}"#.utf8))
        }
        defer { server.stop() }
        let clock = TestClock()
        let client = Self.client(for: server, cache: ResponseCache(now: clock.now))
        let note = Self.note("/notes/changing")

        #expect(try await client.unauthenticated.fetch(note).text == "version 1")
        clock.advance(by: .seconds(61))
        #expect(try await client.unauthenticated.fetch(note) == Note(text: "version 2", etag: "\"v2\""))
        #expect(try await client.unauthenticated.fetch(note).text == "version 2")
        clock.advance(by: .seconds(61))
        _ = try await client.unauthenticated.fetch(note)
        #expect(server.received.map { $0.header("If-None-Match") } == [nil, "\"v1\"", "\"v2\""])
    }

    @Test func a304ForAnUncachedResourceIsStillAStatusError() async throws {
        let server = try ScriptedHTTPServer { _ in
            ScriptedHTTPServer.Response(status: 304, headers: [("ETag", "\"x\"")])
        }
        defer { server.stop() }
        let client = Self.client(for: server, cache: ResponseCache())
        let error = await expectAPIError { try await client.unauthenticated.fetch(Self.note("/notes/x", ttl: nil)) }
        #expect(error?.kind == .status(304))
        #expect(error?.status == 304)
        #expect(server.received.count == 1)
    }
}
#endif
