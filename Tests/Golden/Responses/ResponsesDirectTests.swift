import Foundation
import LucidRuntime
import Testing

@testable import GoldenResponses

/// Endpoints that answer exactly one entity or struct subtype from the body's root answer that type itself, with
/// no `<Service><Endpoint>Response` wrapper; every other shape keeps its wrapper.
@Suite struct ResponsesDirectTests {
    private static let comment = Data(#"{"id": 12, "body": "Looks good", "reactions": 3, "author": "octocat"}"#.utf8)

    private static func ok(_ body: Data) -> HTTPResponse { HTTPResponse(status: 200, body: body) }

    @Test func twoEndpointsAnswerTheSameEntity() throws {
        // The annotations are the point: both resources answer `Comment`, or this does not compile.
        let fetch: BackendResource<Void, GoldenResponses.Comment, NoAuth> = CommentsService.fetchCommentResource(id: 12)
        let edit: BackendResource<GoldenResponses.Comment, GoldenResponses.Comment, NoAuth> =
            CommentsService.editResource(id: 12)
        let fetched = try fetch.readResponse(Self.ok(Self.comment))
        #expect(fetched.id == 12 && fetched.body == "Looks good" && fetched.reactions == 3)
        #expect(try edit.readResponse(Self.ok(Self.comment)) == fetched)
        #expect(throws: DecodingError.self, "the body is the comment itself, not a wrapper around it") {
            try fetch.readResponse(Self.ok(Data(#"{"comment": {"id": 12, "body": "Looks good"}}"#.utf8)))
        }
    }

    @Test func theEntityKeepsItsOwnDecoding() throws {
        // `reactions` is lenient (a bad value falls back to its default, reported) and `author` lazy.
        let body = Data(#"{"id": 3, "body": "Hm", "reactions": "many"}"#.utf8)
        let (comment, issues) = try DecodingIssueReporter.collectingIssues {
            try CommentsService.fetchCommentResource(id: 3).readResponse(Self.ok(body))
        }
        #expect(comment.reactions == 0 && comment.author == .unrequested)
        #expect(issues.count == 1, "the lenient fallback is reported: \(issues)")
        let full = try Comment.decode(from: Self.comment)
        #expect(full.author == .requested("octocat"))
    }

    @Test func theSameEntityInAListKeepsItsWrapper() throws {
        let list = try CommentsListResponse.decode(
            from: Data("[\(String(decoding: Self.comment, as: UTF8.self))]".utf8))
        #expect(list.comments.map(\.id) == [12])
        // A nullable entity keeps its wrapper too: null is an answer, not a missing body.
        #expect(try CommentsFindResponse.decode(from: Data("null".utf8)).comment == nil)
        #expect(try CommentsFindResponse.decode(from: Self.comment).comment?.id == 12)
    }

    @Test func aStructSubtypeIsAnsweredDirectly() throws {
        let resource: BackendResource<Void, GistFile, NoAuth> = GistsService.fetchFileResource(id: "a", name: "b")
        let file = try resource.readResponse(
            Self.ok(Data(#"{"filename": "hello.rb", "size": 16, "content": "Y2xhc3MgSGVsbG9X\r\nb3JsZAplbmQ="}"#.utf8)))
        #expect(file.filename == "hello.rb" && file.size == 16 && file.content == Data("class HelloWorld\nend".utf8))
    }

    /// A union is answered as itself, tagged or not, as entities and structs are; a list of them keeps `.value`.
    @Test func aUnionIsAnsweredDirectly() async throws {
        let latest: BackendResource<Void, TimelineItem?, NoAuth> = CommentsService.fetchLatestEventResource()
        let commented = try latest.readResponse(
            Self.ok(Data(#"{"event": "commented", "id": 12, "body": "Looks good", "reactions": 3}"#.utf8)))
        #expect(commented == .commented(Comment(id: 12, body: "Looks good", reactions: 3, author: .unrequested)))
        #expect(
            try latest.readResponse(Self.ok(Data(#"{"event": "locked", "reason": "spam"}"#.utf8)))
                == .locked(LockEvent(reason: "spam")))
        guard case .unknown(let event, _)? = try latest.readResponse(Self.ok(Data(#"{"event": "pinned"}"#.utf8)))
        else {
            Testing.Issue.record("a kind the spec does not list is kept")
            return
        }
        #expect(event == "pinned")
        #expect(try latest.readResponse(HTTPResponse(status: 204)) == nil)
        let resolve: BackendResource<Void, CommentRef, NoAuth> = CommentsService.fetchResolveResource()
        #expect(try resolve.readResponse(Self.ok(Data("12".utf8))) == .id(12))
        #expect(
            try resolve.readResponse(Self.ok(Self.comment))
                == .comment(Comment(id: 12, body: "Looks good", reactions: 3, author: .requested("octocat"))))
        #expect(throws: DecodingError.self) { try resolve.readResponse(Self.ok(Data(#""twelve""#.utf8))) }
        let events = try CommentsService.fetchEventsResource().readResponse(
            Self.ok(Data(#"[{"event": "locked"}]"#.utf8)))
        #expect(events.value == [.locked(LockEvent(reason: nil))])
        // The preview answers the union from the example.
        #expect(
            try await CommentsClient.preview.fetchLatestEvent()
                == .commented(Comment(id: 7, body: "Ship it", reactions: 1, author: .unrequested)))
    }

    /// `comments.edit`'s example has `"reactions": "many"`, which the lenient property falls back from: lint
    /// accepted it (the golden case was generated), the generated example test accepts it, the preview reads 0.
    /// A value no property is lenient about fails both.
    @Test func theExampleTestsAcceptWhatLintAccepts() async throws {
        try ResponsesExampleTests().commentsEditExampleDecodes()
        let edited = try await CommentsClient.preview.edit(
            id: 12, body: Comment(id: 12, body: "x", reactions: 5, author: .unrequested))
        #expect(edited.reactions == 0 && edited.body == "Looks good")
        #expect(throws: DecodingError.self, "'body' is not lenient") {
            try Comment.decode(from: Data(#"{"id": 12, "body": 5, "reactions": "many"}"#.utf8))
        }
    }

    /// Spotify's local files have `"id": null`: with `identifier: { type: string, nullable: true }` the item is
    /// kept, its `id` nil, instead of being dropped from the page; an item without the key reads the same.
    @Test func anEntityWithANullIdentifierIsKept() throws {
        let body = Data(
            #"""
            {"items": [{"id": "4iV5W9uYEdYUVa79Axb7Rh", "name": "Never Gonna Give You Up"},
                       {"id": null, "name": "My demo.mp3", "is_local": true},
                       {"name": "No id at all", "is_local": true}]}
            """#.utf8)
        let (page, issues) = try DecodingIssueReporter.collectingIssues {
            try PlaylistsService.fetchTracksResource(id: "p").readResponse(Self.ok(body))
        }
        #expect(issues.isEmpty, "nothing dropped: \(issues)")
        #expect(page.tracks.map(\.id) == [Track.ID("4iV5W9uYEdYUVa79Axb7Rh"), nil, nil])
        #expect(page.tracks[1] == Track(id: nil, name: "My demo.mp3", isLocal: true))
        // The id is written back as null, as Spotify sends it.
        let encoded = try JSONEncoder().encode(page.tracks[1])
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["id"] is NSNull && object["name"] as? String == "My demo.mp3")
        // A wrong identifier still fails the item.
        let wrong = Data(#"{"items": [{"id": 5, "name": "x"}]}"#.utf8)
        let (dropped, reported) = try DecodingIssueReporter.collectingIssues {
            try PlaylistsService.fetchTracksResource(id: "p").readResponse(Self.ok(wrong))
        }
        #expect(dropped.tracks.isEmpty && reported.count == 1)
    }

    @Test func anOptionalResponseAnswersTheOptionalEntity() throws {
        let unlock: BackendResource<Void, GoldenResponses.Issue?, NoAuth> = IssuesService.unlockResource(
            owner: "o", repo: "r", number: 1)
        #expect(try unlock.readResponse(HTTPResponse(status: 204)) == nil)
        #expect(try unlock.readResponse(Self.ok(Data(#"{"number": 2, "title": "Two"}"#.utf8)))?.title == "Two")
    }

    @Test func entityMetadataKeepsTheWrapperButAPlainTypeDoesNot() throws {
        let body = Data(#"{"id": 5, "content": "heart", "rank": 1}"#.utf8)
        let wrapped = try ReactionsReactionResponse.decode(from: body)
        #expect(wrapped.reaction.content == "heart" && wrapped.reactionMetadata.rank == 1)
        let raw: BackendResource<Void, Reaction, NoAuth> = ReactionsService.fetchRawResource(id: 5)
        #expect(try raw.readResponse(Self.ok(body)).content == "heart")
    }

    @Test func thePreviewDecodesTheEntityFromTheExample() async throws {
        let comment = try await CommentsClient.preview.fetchComment(id: 1)
        #expect(comment == Comment(id: 12, body: "Looks good", reactions: 3, author: .requested("octocat")))
    }

    /// No wrapper is written for a direct answer, and the answered types conform to `ResponsePayload` once.
    @Test func noWrapperIsGenerated() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")
        let payloads = try String(contentsOf: folder.appendingPathComponent("Payloads.swift"), encoding: .utf8)
        for name in [
            "CommentsCommentResponse", "CommentsEditResponse", "GistsFileResponse", "ReactionsRawResponse",
            "CommentsLatestEventResponse", "CommentsResolveResponse",
        ] {
            #expect(!payloads.contains("struct \(name)"), "\(name)")
        }
        let entities = try String(contentsOf: folder.appendingPathComponent("Entities.swift"), encoding: .utf8)
        #expect(entities.components(separatedBy: "ResponsePayload").count == 5, "Comment, Gist, Issue and Reaction")
        #expect(!entities.contains("struct Label: Sendable, Hashable, Identifiable, ResponsePayload"))
    }
}
