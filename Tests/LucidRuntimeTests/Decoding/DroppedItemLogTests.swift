// These tests start a server as a child process. iOS, tvOS, watchOS and visionOS have no `Process`, so there the
// file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@_spi(Generated) @testable import LucidRuntime

/// A list item that does not decode is dropped; without a handler installed, a debug build says so in one line per
/// item, naming the endpoint, the item's path and why, and never a value of the body. In the serialized suite of
/// the default handler: these tests need none installed, and those install one.
extension DefaultDecodingIssueHandlerTests {
    struct Track: Decodable, Sendable {
        var id: Int
        var title: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            id = try container.decode(Int.self, at: "id")
            title = try container.decode(String.self, at: "title")
        }
    }

    /// A page whose tracks are a failable list (`failable_items`, the default for lists of entities).
    struct TrackPage: Decodable, Sendable {
        var items: [Track]
        var prices: [String: Int]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            items = try container.decodeFailableArray(Track.self, forKey: AnyCodingKey("items"))
            prices = try container.decodeFailableDictionary(Int.self, forKey: AnyCodingKey("prices"))
        }
    }

    /// One good track, one without its title (beside a value that must not reach a log), one whose title is null,
    /// and a price that is no number, under a key that is the body's own.
    static let page = Data(
        #"""
        {"items": [{"id": 1, "title": "Teardrop"}, {"id": 2, "email": "secret@example.com"}, {"id": 3, "title": null}],
         "prices": {"alice@example.com": "a lot", "bob": 3}}
        """#.utf8)

    /// The page sent through a real client call: `/mirror` answers the request's body, so the server answers the
    /// page. The path has a value (`42`) that must not reach a log either.
    static func fetchPage() async throws -> TrackPage {
        let server = try LoopbackServer.shared.get()
        let client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)))
        let resource = BackendResource<Data, TrackPage, NoAuth>(
            name: "tracks.list", server: "loopback", method: .post,
            path: ResourcePath("/mirror/albums/{album}/tracks", parameters: ["album": "42"]),
            bodyEncoding: .raw(contentType: "application/json"), encodeBody: { $0 },
            decodeResponse: { try JSONDecoder().decode(TrackPage.self, from: $0) })
        return try await client.unauthenticated.access(resource, with: page)
    }

    /// The page fetched with `isEnabled` bound as a debug (true) or release (false) build has it, and the lines
    /// the log received.
    static func fetchPageLogging(asDebugBuild debug: Bool) async throws -> (page: TrackPage, lines: [String]) {
        let lines = Locked<[String]>([])
        let page = try await DroppedItemLog.$sink.withValue({ line in lines.withLock { $0.append(line) } }) {
            try await DroppedItemLog.$isEnabled.withValue(debug) { try await fetchPage() }
        }
        return (page, lines.withLock { $0 })
    }

    @Test func aDebugBuildLogsEachDroppedItemWithItsEndpointPathAndReason() async throws {
        DecodingIssueReporter.setDefaultHandler(nil)
        let before = DecodingIssueReporter.reportedCount
        let (page, lines) = try await Self.fetchPageLogging(asDebugBuild: true)
        #expect(page.items.map(\.id) == [1] && page.prices == ["bob": 3])
        let endpoint = "LucidRuntime: tracks.list (POST /mirror/albums/{album}/tracks): "
        let why = " (logged in debug builds when no DecodingIssueReporter handler is installed)"
        #expect(
            lines == [
                endpoint + "dropped list item items[1]: missing key 'title'" + why,
                endpoint + "dropped list item items[2]: null where String was expected" + why,
                endpoint + "dropped a value of the map at prices: a value of the wrong type where Int was expected"
                    + why,
            ])
        // Nothing of the body, and no value of the request: the log is not where personal data goes.
        for secret in ["secret@example.com", "alice", "a lot", "42", "Teardrop"] {
            #expect(!lines.contains { $0.contains(secret) }, "\(secret)")
        }
        #expect(DecodingIssueReporter.reportedCount >= before + 3)
    }

    @Test func aReleaseBuildLogsNothingButStillCounts() async throws {
        DecodingIssueReporter.setDefaultHandler(nil)
        let before = DecodingIssueReporter.reportedCount
        let (page, lines) = try await Self.fetchPageLogging(asDebugBuild: false)
        #expect(page.items.map(\.id) == [1])
        #expect(lines.isEmpty)
        #expect(DecodingIssueReporter.reportedCount >= before + 3)
    }

    /// `isEnabled` starts as the build's configuration: on in a debug build, off in a release one.
    @Test func theLogIsOnExactlyInDebugBuilds() {
        #if DEBUG
        #expect(DroppedItemLog.isDebugBuild && DroppedItemLog.isEnabled)
        #else
        #expect(!DroppedItemLog.isDebugBuild && !DroppedItemLog.isEnabled)
        #endif
    }

    /// An installed handler replaces the line, and receives each issue with the endpoint it came from; so does a
    /// reporter bound for the task.
    @Test func aHandlerOrABoundReporterReplacesTheLog() async throws {
        let received = Locked<[DecodingIssue]>([])
        DecodingIssueReporter.setDefaultHandler { issue in received.withLock { $0.append(issue) } }
        defer { DecodingIssueReporter.setDefaultHandler(nil) }
        let (_, lines) = try await Self.fetchPageLogging(asDebugBuild: true)
        #expect(lines.isEmpty)
        let issues = received.withLock { $0 }.filter { $0.endpoint?.name == "tracks.list" }
        #expect(
            issues.map(\.kind) == [
                .droppedItem(index: 1), .droppedItem(index: 2), .droppedValue(key: "alice@example.com"),
            ])
        #expect(issues.first?.endpoint?.description == "tracks.list (POST /mirror/albums/{album}/tracks)")
        #expect(issues.first?.codingPath == "items[1].title")

        DecodingIssueReporter.setDefaultHandler(nil)
        let bound = Locked(0)
        let reporter = DecodingIssueReporter { _ in bound.withLock { $0 += 1 } }
        let (_, quiet) = try await DecodingIssueReporter.$current.withValue(reporter) {
            try await Self.fetchPageLogging(asDebugBuild: true)
        }
        #expect(quiet.isEmpty && bound.withLock { $0 } == 3)
    }

    /// Outside a client call a dropped item has no endpoint, and the line says what it can.
    @Test func aDecodeOfTheAppsOwnHasNoEndpoint() throws {
        DecodingIssueReporter.setDefaultHandler(nil)
        let lines = Locked<[String]>([])
        try DroppedItemLog.$sink.withValue({ line in lines.withLock { $0.append(line) } }) {
            try DroppedItemLog.$isEnabled.withValue(true) {
                _ = try JSONDecoder().decode(TrackPage.self, from: Data(#"{"items": [{"id": 1}], "prices": {}}"#.utf8))
            }
        }
        #expect(
            lines.withLock { $0 } == [
                "LucidRuntime: dropped list item items[0]: missing key 'title' (logged in debug builds when no "
                    + "DecodingIssueReporter handler is installed)"
            ])
    }
}
#endif
