// Loopback servers, as the other paging suites (macOS and Linux).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// `prefetchingNextPage()`: the next page is on the wire while the caller works on the current one, one page
/// ahead at most, nothing past the end, and cancelling the loop asks for nothing more.
@Suite(.timeLimit(.minutes(1)))
struct PrefetchingPagesTests {
    static func threePages() throws -> PagingServer {
        try PagingServer(pages: [
            "/items?page=1": pageAnswer(#"{"items":[1],"pages":3}"#),
            "/items?page=2": pageAnswer(#"{"items":[2],"pages":3}"#),
            "/items?page=3": pageAnswer(#"{"items":[3],"pages":3}"#),
        ])
    }

    static let paging = Paging.pageNumber(parameter: "page", totalPages: ["pages"])

    /// Waits (an event, not a time bound) until `server` has received `count` requests.
    static func waitForRequests(_ count: Int, on server: PagingServer) async throws {
        while server.targets.count < count { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test func theNextPageIsRequestedWhileTheCallerWorksOnThisOne() async throws {
        let server = try Self.threePages()
        defer { server.stop() }
        let first = listing(query: [QueryItem("page", "1")])
        let pages = itemPages(pagingClient(server), first, paging: Self.paging).prefetchingNextPage()
        var seen: [[Int]] = []
        var requestedWhileWorking: [[String]] = []
        for try await page in pages {
            seen.append(page.items)
            if page.items != [3] { try await Self.waitForRequests(seen.count + 1, on: server) }
            requestedWhileWorking.append(server.targets)
        }
        #expect(seen == [[1], [2], [3]])
        #expect(
            requestedWhileWorking == [
                ["/items?page=1", "/items?page=2"],
                ["/items?page=1", "/items?page=2", "/items?page=3"],
                ["/items?page=1", "/items?page=2", "/items?page=3"],
            ], "one page ahead, and nothing past the last page")
    }

    @Test func cancellingTheLoopAsksForNothingMore() async throws {
        let server = try Self.threePages()
        defer { server.stop() }
        let first = listing(query: [QueryItem("page", "1")])
        let pages = itemPages(pagingClient(server), first, paging: Self.paging).prefetchingNextPage()
        let firstPage = AsyncStream<Void>.makeStream()
        let task = Task { () -> APIError? in
            var iterator = pages.makeAsyncIterator()
            do {
                _ = try await iterator.next()
                firstPage.continuation.yield()
                try await Self.waitForRequests(2, on: server)
                withUnsafeCurrentTask { $0?.cancel() }
                while try await iterator.next() != nil {}
                return nil
            } catch let error as APIError {
                return error
            }
        }
        for await _ in firstPage.stream { break }
        let error = try await task.value
        // Page 2 was on the wire before the cancellation: it ends as cancelled, or arrives; then the next step
        // throws `.cancelled` without a request.
        #expect(error?.kind == .cancelled)
        #expect(!server.targets.contains("/items?page=3"), "\(server.targets)")
    }
}
#endif
