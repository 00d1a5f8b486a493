import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenRecursion

/// The spec's `comment` subtype, not Swift Testing's `Comment`.
private typealias Comment = GoldenRecursion.Comment

/// The Recursion case's generated code: types that hold their own type through nullable properties stored
/// `@Indirect` keep their shape, value semantics, equality and coding, and decoding refuses values nested deeper than
/// `LucidRuntime.maximumNestingDepth`.
@Suite struct RecursionDecodingTests {
    static let gargron = #"{"id": "1", "username": "Gargron", "display_name": "Eugen Rochko"}"#

    /// A Mastodon boost: the outer status holds the boosted one in `reblog`, as Mastodon sends it.
    static let boost = """
        {
          "id": "103270200000000001",
          "created_at": "2019-12-08T04:10:00.000Z",
          "content": "",
          "account": {"id": "2", "username": "noiob", "display_name": "noiob"},
          "reblog": {
            "id": "103270115826048975",
            "created_at": "2019-12-08T03:48:33.901Z",
            "content": "<p>One wrong digit</p>",
            "account": \(gargron),
            "reblog": null,
            "reblogs_count": 6
          },
          "reblogs_count": 0
        }
        """

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// `depth` statuses, each boosting the next; the innermost boosts nothing.
    static func boosts(_ depth: Int) -> String {
        let status = #"{"id": "s", "created_at": "2020-01-01T00:00:00Z", "content": "c", "account": \#(gargron), "#
        return String(repeating: status + #""reblogs_count": 0, "reblog": "#, count: depth - 1) + status
            + #""reblogs_count": 0}"# + String(repeating: "}", count: depth - 1)
    }

    // MARK: Shape

    @Test func aBoostDecodesTheStatusItHolds() throws {
        let status = try decode(Status.self, Self.boost)
        #expect(status.reblog?.content == "<p>One wrong digit</p>")
        #expect(status.reblog?.account.username == "Gargron")
        #expect(status.reblog?.reblog == nil)
        #expect(status.reblog?.id == "103270115826048975")
    }

    @Test func theRealMastodonHomeTimelineDecodesItsBoost() throws {
        guard let folder = ConformanceSuites.folder("bodies/mastodon") else {
            print("RecursionDecodingTests: skipped, \(ConformanceSuites.skipReason("bodies/mastodon"))")
            return
        }
        let body = try Data(contentsOf: folder.appendingPathComponent("home.json"))
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try TimelinesHomeResponse.decode(from: body)
        }
        #expect(issues.isEmpty, "\(issues)")
        let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
        #expect(response.statuses.count == raw.count)
        let boosted = try #require(raw.firstIndex { $0["reblog"] is [String: Any] }, "home.json holds a boost")
        let reblog = try #require(raw[boosted]["reblog"] as? [String: Any])
        #expect(response.statuses[boosted].reblog?.id.rawValue == reblog["id"] as? String)
        #expect(response.statuses[boosted].reblog?.content == reblog["content"] as? String)
        #expect(response.statuses[boosted].reblog?.reblog == nil)
    }

    @Test func anInitializerTakesTheSameParametersAndAnEncodedBoostDecodesBack() throws {
        let account = Account(id: "1", username: "Gargron", displayName: "Eugen Rochko")
        let original = Status(
            id: "2", createdAt: Date(timeIntervalSince1970: 0), content: "hi", account: account, reblogsCount: 1)
        let boost = Status(
            id: "3", createdAt: Date(timeIntervalSince1970: 60), content: "", account: account, reblog: original,
            reblogsCount: 0)
        let decoded = try JSONDecoder().decode(Status.self, from: JSONEncoder().encode(boost))
        #expect(decoded == boost)
        #expect(decoded.reblog == original)
    }

    // MARK: Value semantics, equality, Sendable

    @Test func settingAParentChangesOnlyThatCopy() {
        let root = Category(id: 1, name: "Root")
        let child = Category(id: 2, name: "Child", parent: root)
        var renamed = child
        renamed.parent?.name = "Renamed"
        #expect(child.parent?.name == "Root", "the original keeps its parent")
        #expect(renamed.parent?.name == "Renamed")
        #expect(renamed != child)
        var moved = child.updated(parent: .some(nil))
        #expect(moved.parent == nil && child.parent == root)
        moved.parent = child
        #expect(moved.parent?.parent == root)
    }

    @Test func equalValuesAreEqualAndHashAlikeWhereverTheirBoxes() {
        let first = Category(id: 2, name: "Child", parent: Category(id: 1, name: "Root"))
        let second = Category(id: 2, name: "Child", parent: Category(id: 1, name: "Root"))
        let other = Category(id: 2, name: "Child", parent: Category(id: 1, name: "Other"))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first != other)
        #expect(Set([first, second, other]).count == 2)
        let moved = Category(id: 2, name: "Child", parent: Category(id: 1, name: "Root"), movedFrom: other)
        #expect(moved == first && moved.hashValue == first.hashValue, "moved_from is left out of equality")
        #expect(moved.movedFrom == other)
    }

    @Test func aStatusCrossesIntoATask() async throws {
        let status = try decode(Status.self, Self.boost)
        let content = await Task.detached { status.reblog?.content }.value
        #expect(content == "<p>One wrong digit</p>")
    }

    // MARK: Cycles through other types

    @Test func aCommentAndAThreadCloseACycleAndAReplyIsAUnionOnIt() throws {
        let comment = try decode(
            Comment.self,
            #"""
            {"text": "first", "thread": {"title": "Tea", "first_comment": {"text": "opening", "thread": null}},
             "reply": {"kind": "comment", "text": "agreed", "reply": {"kind": "note", "text": "ok"}}}
            """#)
        #expect(comment.thread?.title == "Tea")
        #expect(comment.thread?.firstComment.text == "opening")
        #expect(comment.thread?.firstComment.thread == nil)
        guard case .comment(let reply) = comment.reply else {
            Issue.record("expected a comment reply, got \(String(describing: comment.reply))")
            return
        }
        #expect(reply.text == "agreed")
        #expect(reply.reply == .note(Note(text: "ok")))
    }

    @Test func metadataHoldsTheStatusItQuotes() throws {
        let response = try TimelinesStatusResponse.decode(
            from: Data(
                #"""
                {"id": "2", "created_at": "2025-10-01T10:00:00Z", "content": "Read this", "account": \#(Self.gargron),
                 "reblogs_count": 0, "quote": {"state": "accepted", "quoted_status": {"id": "1",
                 "created_at": "2025-09-30T09:00:00Z", "content": "The original", "account": \#(Self.gargron),
                 "reblogs_count": 4}}}
                """#.utf8))
        #expect(response.status.content == "Read this")
        #expect(response.statusMetadata.quoted?.content == "The original")
    }

    // MARK: Depth

    @Test func boostsDecodeUpToTheNestingLimit() throws {
        // The outermost status is at depth 0; the innermost of 101 at depth 100, the limit.
        let deepest = try decode(Status.self, Self.boosts(LucidRuntime.maximumNestingDepth + 1))
        var depth = 0
        var status: Status? = deepest
        while let inner = status?.reblog {
            depth += 1
            status = inner
        }
        #expect(depth == LucidRuntime.maximumNestingDepth)
    }

    @Test func boostsNestedPastTheLimitFailWithAnErrorNamingTypeAndLimit() throws {
        for depth in [LucidRuntime.maximumNestingDepth + 2, 400] {
            do {
                _ = try decode(Status.self, Self.boosts(depth))
                Issue.record("\(depth) nested boosts decoded")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.count == LucidRuntime.maximumNestingDepth + 1)
                #expect(
                    context.debugDescription
                        == "Status is nested 101 levels deep, deeper than the 100 levels a type that holds itself "
                        + "may be (LucidRuntime.maximumNestingDepth).")
            }
        }
    }

    @Test func aResponseTooDeepIsADecodingAPIErrorAndAListDropsTheItem() throws {
        let tooDeep = Self.boosts(300)
        do {
            _ = try TimelinesStatusResponse.preview(tooDeep, endpoint: "timelines.status", method: .get)
            Issue.record("a status 300 boosts deep decoded")
        } catch {
            guard case .decoding(_, let message) = error.kind else {
                Issue.record("expected a decoding error, got \(error.kind)")
                return
            }
            #expect(message.contains("Status is nested 101 levels deep"), "\(message)")
        }
        let (home, issues) = try DecodingIssueReporter.collectingIssues {
            try TimelinesHomeResponse.decode(from: Data("[\(Self.boost), \(tooDeep)]".utf8))
        }
        #expect(home.statuses.map(\.id) == ["103270200000000001"])
        #expect(issues.count == 1 && issues.first?.message.contains("LucidRuntime.maximumNestingDepth") == true)
    }

    @Test func aCycleThroughTwoTypesIsBoundedToo() throws {
        // Each comment → thread → comment step is two keys deep.
        let steps = 200
        let body =
            String(repeating: #"{"text": "c", "thread": {"title": "t", "first_comment": "#, count: steps)
            + #"{"text": "last"}"# + String(repeating: "}}", count: steps)
        #expect(throws: DecodingError.self) { try decode(Comment.self, body) }
    }

    /// At the limit, decoding fits in the 512 KB stack of an Apple platform's secondary thread.
    @Test func theLimitFitsInASmallThreadStack() throws {
        let body = Data(Self.boosts(LucidRuntime.maximumNestingDepth + 1).utf8)
        let result = LockedBox<Result<Int, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Foundation.Thread {
            result.value = Result {
                var depth = 0
                var status: Status? = try JSONDecoder().decode(Status.self, from: body)
                while let inner = status?.reblog {
                    depth += 1
                    status = inner
                }
                return depth
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(try result.value?.get() == LucidRuntime.maximumNestingDepth)
    }
}

/// A value handed back from a thread: written once by it before it signals, read after.
final class LockedBox<Value>: @unchecked Sendable {
    // `@unchecked`: written by one thread before a semaphore signal, read by another after the wait.
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
