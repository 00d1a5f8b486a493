import Foundation
import LucidRuntime
import Testing

@testable import GoldenRecursion

/// The Recursion case's unions that hold themselves through their cases and required properties: an untagged
/// expression tree (`expr`, whose `bin_op` and `not` cases are `indirect`) and a tagged search filter (`filter`,
/// whose `not` case is). They decode, encode, compare and hash as values; a body nested deeper than
/// `LucidRuntime.maximumNestingDepth` fails with the depth error, however deep it goes.
@Suite struct RecursiveUnionTests {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// (1 + 2.5) × ¬(4 − ¬0), as `expression.json` holds it.
    static let expression = Expr.binOp(
        BinOp(
            op: .multiply,
            left: .binOp(BinOp(op: .add, left: .literal(Literal(value: 1)), right: .literal(Literal(value: 2.5)))),
            right: .not(
                Not(
                    not: .binOp(
                        BinOp(
                            op: .subtract, left: .literal(Literal(value: 4)),
                            right: .not(Not(not: .literal(Literal(value: 0))))))))))

    static let expressionJSON = """
        {
          "op": "multiply",
          "left": {"op": "add", "left": {"value": 1}, "right": {"value": 2.5}},
          "right": {"not": {"op": "subtract", "left": {"value": 4}, "right": {"not": {"value": 0}}}}
        }
        """

    /// `depth` expressions, each the negation of the next; the innermost is a literal.
    static func negations(_ depth: Int) -> String {
        String(repeating: #"{"not": "#, count: depth - 1) + #"{"value": 1}"# + String(repeating: "}", count: depth - 1)
    }

    /// `depth` filters, each the negation of the next; the innermost matches a field.
    static func negatedFilters(_ depth: Int) -> String {
        String(repeating: #"{"type": "not", "filter": "#, count: depth - 1)
            + #"{"type": "match", "field": "state", "value": "open"}"# + String(repeating: "}", count: depth - 1)
    }

    /// How many `not`s wrap the expression's innermost value.
    static func negationDepth(_ expression: Expr) -> Int {
        var depth = 0
        var current = expression
        while case .not(let not) = current {
            depth += 1
            current = not.not
        }
        return depth
    }

    // MARK: Shape and coding

    @Test func anExpressionTreeDecodesEachCase() throws {
        let expression = try decode(Expr.self, Self.expressionJSON)
        #expect(expression == Self.expression)
        guard case .binOp(let product) = expression, case .not(let negation) = product.right,
            case .binOp(let difference) = negation.not, case .literal(let four) = difference.left
        else {
            Issue.record("unexpected shape: \(expression)")
            return
        }
        #expect(product.op == .multiply && difference.op == .subtract && four.value == 4)
    }

    @Test func anExpressionEncodesToTheJSONItDecodesFrom() throws {
        let encoded = try JSONEncoder().encode(Self.expression)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["op"] as? String == "multiply")
        let right = try #require(object["right"] as? [String: Any])
        let negated = try #require(right["not"] as? [String: Any])
        #expect(negated["op"] as? String == "subtract")
        #expect(Set(object.keys) == ["op", "left", "right"], "a case writes its value's keys, nothing around them")
        #expect(try JSONDecoder().decode(Expr.self, from: encoded) == Self.expression)
    }

    @Test func theExampleResponseDecodesAsTheEndpointsPayload() throws {
        #expect(try Expr.decode(from: Data(Self.expressionJSON.utf8)) == Self.expression)
    }

    @Test func aTaggedFilterDecodesAndEncodesBack() throws {
        let search = try decode(
            SavedSearch.self,
            #"""
            {"id": "s1", "name": "Open, not mine", "filter": {"type": "all", "filters": [
              {"type": "match", "field": "state", "value": "open"},
              {"type": "not", "filter": {"type": "not", "filter": {"type": "match", "field": "me", "value": "x"}}}]}}
            """#)
        let mine = Filter.match(MatchFilter(field: "me", value: "x"))
        #expect(
            search.filter
                == .all(
                    AllFilter(filters: [
                        .match(MatchFilter(field: "state", value: "open")),
                        .not(NotFilter(filter: .not(NotFilter(filter: mine)))),
                    ])))
        let encoded = try JSONEncoder().encode(search)
        #expect(try JSONDecoder().decode(SavedSearch.self, from: encoded) == search)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let filter = try #require(object["filter"] as? [String: Any])
        let items = try #require(filter["filters"] as? [[String: Any]])
        #expect(filter["type"] as? String == "all" && items.map { $0["type"] as? String } == ["match", "not"])
        #expect((items[1]["filter"] as? [String: Any])?["type"] as? String == "not")
    }

    // MARK: Equality, hashing, Sendable

    @Test func equalTreesAreEqualAndHashAlike() throws {
        let first = try decode(Expr.self, Self.expressionJSON)
        let second = Self.expression
        let other = Expr.binOp(
            BinOp(op: .multiply, left: .literal(Literal(value: 1)), right: .not(Not(not: .literal(Literal(value: 1))))))
        let deepChange = try decode(Expr.self, Self.expressionJSON.replacingOccurrences(of: "2.5", with: "3.5"))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first != other && first != deepChange)
        #expect(Set([first, second, other, deepChange]).count == 3)
        #expect(Filter.not(NotFilter(filter: .all(AllFilter(filters: [])))) != .all(AllFilter(filters: [])))
    }

    @Test func aTreeCrossesIntoATask() async throws {
        let expression = try decode(Expr.self, Self.expressionJSON)
        let copy = await Task.detached { expression }.value
        #expect(copy == Self.expression)
    }

    // MARK: A union that remembers its cases' results

    @Test func aFileTreeDecodesEachEntryAsTheFirstCaseThatReadsIt() throws {
        let entry = try decode(
            Entry.self,
            #"""
            {"name": "src", "entries": [
              {"name": "main.swift", "size": 120},
              {"name": "assets.zip", "packed_size": 2048, "entries": [{"name": "logo.png", "size": 4096}]},
              {"name": "empty", "entries": []}]}
            """#)
        let expected = Entry.folder(
            Folder(
                name: "src",
                entries: [
                    .file(File(name: "main.swift", size: 120)),
                    .archive(
                        Archive(
                            name: "assets.zip", entries: [.file(File(name: "logo.png", size: 4096))], packedSize: 2048)),
                    .folder(Folder(name: "empty", entries: [])),
                ]))
        #expect(entry == expected)
        #expect(try JSONDecoder().decode(Entry.self, from: JSONEncoder().encode(entry)) == expected)
    }

    /// Folders inside folders: each is first tried as an archive, which reads its entries before it finds no
    /// `packed_size`. The union remembers what each place decoded to, so the folder reads none of them again (the
    /// runtime's `UnionCaseMemoTests` count the work); the innermost, an archive, is still read as one.
    @Test func nestedFoldersDecodeWithTheArchiveInside() throws {
        let depth = 20
        let body =
            String(repeating: #"{"name": "f", "entries": ["#, count: depth)
            + #"{"name": "a.zip", "packed_size": 1, "entries": []}"# + String(repeating: "]}", count: depth)
        var entry = try decode(Entry.self, body)
        var folders = 0
        while case .folder(let folder) = entry, let inner = folder.entries.first {
            folders += 1
            entry = inner
        }
        #expect(folders == depth)
        #expect(entry == .archive(Archive(name: "a.zip", entries: [], packedSize: 1)))
    }

    // MARK: Depth

    @Test func negationsDecodeUpToTheNestingLimit() throws {
        // The outermost expression is at depth 0; the innermost of 101 at depth 100, the limit.
        let deepest = try decode(Expr.self, Self.negations(LucidRuntime.maximumNestingDepth + 1))
        #expect(Self.negationDepth(deepest) == LucidRuntime.maximumNestingDepth)
        let filter = try decode(Filter.self, Self.negatedFilters(LucidRuntime.maximumNestingDepth + 1))
        var depth = 0
        var current = filter
        while case .not(let not) = current {
            depth += 1
            current = not.filter
        }
        #expect(depth == LucidRuntime.maximumNestingDepth)
    }

    /// Past the limit, the depth error itself reaches the caller, not an untagged union's "no case decodes" around
    /// it at every level above.
    @Test func negationsNestedPastTheLimitFailWithTheDepthError() throws {
        let cases: [(String, String, any Decodable.Type)] = [
            ("Expr", Self.negations(LucidRuntime.maximumNestingDepth + 2), Expr.self),
            ("Expr", Self.negations(400), Expr.self),
            ("Filter", Self.negatedFilters(LucidRuntime.maximumNestingDepth + 2), Filter.self),
        ]
        for (name, body, type) in cases {
            do {
                _ = try JSONDecoder().decode(type, from: Data(body.utf8))
                Issue.record("\(name) nested past the limit decoded")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.count == LucidRuntime.maximumNestingDepth + 1)
                #expect(
                    context.debugDescription
                        == "\(name) is nested 101 levels deep, deeper than the 100 levels a type that holds itself "
                        + "may be (LucidRuntime.maximumNestingDepth).")
            }
        }
    }

    @Test func aResponseTooDeepIsADecodingAPIError() throws {
        do {
            _ = try Expr.preview(Self.negations(300), endpoint: "calculator.simplify", method: .get)
            Issue.record("an expression 300 negations deep decoded")
        } catch {
            guard case .decoding(_, let message) = error.kind else {
                Issue.record("expected a decoding error, got \(error.kind)")
                return
            }
            #expect(message.contains("Expr is nested 101 levels deep"), "\(message)")
        }
    }

    /// A hostile body 10,000 levels deep fails with an error (the depth limit's, or the JSON parser's own, which
    /// some platforms meet first), never by exhausting the stack, even that of a 512 KB thread.
    @Test func aHostileBodyTenThousandLevelsDeepFailsCleanly() throws {
        let bodies = [
            Data(Self.negations(10_000).utf8),
            Data(
                (String(repeating: #"{"op": "add", "right": {"value": 1}, "left": "#, count: 9_999) + #"{"value": 1}"#
                    + String(repeating: "}", count: 9_999)).utf8),
        ]
        for body in bodies {
            let failure = LockedBox<(any Error)?>(nil)
            let done = DispatchSemaphore(value: 0)
            let thread = Foundation.Thread {
                do {
                    _ = try JSONDecoder().decode(Expr.self, from: body)
                } catch {
                    failure.value = error
                }
                done.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            done.wait()
            let error = try #require(failure.value as? DecodingError, "\(String(describing: failure.value))")
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(error)")
                continue
            }
            #expect(context.debugDescription.count < 1000, "the error stays short: \(context.debugDescription.count)")
        }
    }

    @Test func theLimitFitsInASmallThreadStack() throws {
        let body = Data(Self.negations(LucidRuntime.maximumNestingDepth + 1).utf8)
        let depth = LockedBox<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Foundation.Thread {
            if let expression = try? JSONDecoder().decode(Expr.self, from: body) {
                depth.value = Self.negationDepth(expression)
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(depth.value == LucidRuntime.maximumNestingDepth)
    }
}
