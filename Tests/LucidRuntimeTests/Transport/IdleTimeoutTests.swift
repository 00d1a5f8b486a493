import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The idle timeout a request's `URLRequest` gets from its deadline, without a network or a clock: whole seconds,
/// rounded up, never under one (FoundationNetworking truncates it, and 0 would end the request at once).
struct IdleTimeoutTests {
    static func interval(_ timeout: Duration?) throws -> TimeInterval {
        let url = try #require(URL(string: "http://127.0.0.1/x"))
        return URLSessionExchange.urlRequest(for: HTTPRequest(method: .get, url: url, timeout: timeout)).timeoutInterval
    }

    @Test func followsTheDeadlineInWholeSecondsRoundedUp() throws {
        #expect(try Self.interval(.milliseconds(1)) == 1)
        #expect(try Self.interval(.milliseconds(900)) == 1)
        #expect(try Self.interval(.seconds(1)) == 1)
        #expect(try Self.interval(.milliseconds(1001)) == 2)
        #expect(try Self.interval(.seconds(20)) == 20)
    }

    @Test func withoutADeadlineURLSessionKeepsItsOwn() throws {
        let url = try #require(URL(string: "http://127.0.0.1/x"))
        #expect(try Self.interval(nil) == URLRequest(url: url).timeoutInterval)
    }
}
