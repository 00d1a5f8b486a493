import Testing

@testable import LucidCodeGen

/// How generated lines longer than 120 columns are broken; each case is a line a template really produces with
/// long names.
@Suite struct LineWrapperTests {
    /// A name of `count` characters, to push a line past the width.
    static func long(_ count: Int) -> String { "n" + String(repeating: "a", count: count - 1) }

    @Test func shortLinesAreLeftAlone() {
        let text = "struct A {\n    let b: Int\n}\n"
        #expect(LineWrapper.wrap(text) == text)
    }

    @Test func aParameterListGoesOnePerLine() {
        let name = Self.long(40)
        let line =
            "    func fetch(\(name): Int, other\(name): String?) async throws(APIError) -> MoviesDiscoverResponse {"
        #expect(
            LineWrapper.wrapped(line) == [
                "    func fetch(",
                "        \(name): Int,",
                "        other\(name): String?",
                "    ) async throws(APIError) -> MoviesDiscoverResponse {",
            ])
    }

    @Test func commasInsideGenericsAndStringsDoNotSplit() {
        let line =
            "        call(first: Dictionary<String, Int>(), second: \"a, (b\", third: #\"c, \"d)\"#, "
            + "fourth: [1, 2, 3], fifth: EntityWithMetadata<Movie, Metadata>.self)"
        #expect(
            LineWrapper.wrapped(line) == [
                "        call(",
                "            first: Dictionary<String, Int>(),",
                "            second: \"a, (b\",",
                "            third: #\"c, \"d)\"#,",
                "            fourth: [1, 2, 3],",
                "            fifth: EntityWithMetadata<Movie, Metadata>.self",
                "        )",
            ])
    }

    @Test func aTernaryBreaksBeforeItsOperators() {
        let line =
            "        publishedAt = try container.contains(.publishedAt) ? "
            + ".requested(container.decodeDateIfPresent(forKey: .publishedAt, format: .epochSeconds)) : .unrequested"
        #expect(
            LineWrapper.wrapped(line) == [
                "        publishedAt = try container.contains(.publishedAt)",
                "            ? .requested(container.decodeDateIfPresent(forKey: .publishedAt, format: .epochSeconds))",
                "            : .unrequested",
            ])
    }

    @Test func aCoalescingBreaksBeforeTheOperator() {
        let line =
            "        producer = try container.nestedIfPresent(.credits, [\"crew\"])?"
            + ".decodeIfPresent(String.self, forKey: \"producer\") ?? \"unknown\""
        #expect(
            LineWrapper.wrapped(line) == [
                "        producer = try container.nestedIfPresent(.credits, [\"crew\"])?"
                    + ".decodeIfPresent(String.self, forKey: \"producer\")",
                "            ?? \"unknown\"",
            ])
    }

    @Test func oneLineBlocksAndTheirElseAreExpanded() {
        let line =
            "        if let revisedAt { try container.encodeDate(revisedAt, forKey: .revisedAt, format: .iso8601) } "
            + "else { try container.encodeNil(forKey: .revisedAt) }"
        #expect(
            LineWrapper.wrapped(line) == [
                "        if let revisedAt {",
                "            try container.encodeDate(revisedAt, forKey: .revisedAt, format: .iso8601)",
                "        } else {",
                "            try container.encodeNil(forKey: .revisedAt)",
                "        }",
            ])
    }

    @Test func aClosureKeepsItsParametersOnTheOpeningLine() {
        let line =
            "        fetchDiscover: { _, _, _, _ in "
            + "throw APIError.unimplemented(\"MoviesClient.fetchDiscoverEverythingNow\", endpoint: \"movies.x\", method: .get) },"
        #expect(
            LineWrapper.wrapped(line) == [
                "        fetchDiscover: { _, _, _, _ in",
                "            throw APIError.unimplemented(\"MoviesClient.fetchDiscoverEverythingNow\", endpoint: \"movies.x\", method: .get)",
                "        },",
            ])
    }

    @Test func aDeclarationWithoutParametersBreaksBeforeItsArrow() {
        let line =
            "    public static func patchWatchlistResource() -> "
            + "BackendResource<[Movie], AccountPatchWatchlistResponse, SessionAuthentication> {"
        #expect(
            LineWrapper.wrapped(line) == [
                "    public static func patchWatchlistResource()",
                "        -> BackendResource<[Movie], AccountPatchWatchlistResponse, SessionAuthentication> {",
            ])
    }

    @Test func aGenericArgumentListOfLongNamesGoesOneTypePerLine() {
        let name = Self.long(64)
        let line = "    static func createResource() -> BackendResource<\(name), [\(name)], NoAuth> {"
        #expect(
            LineWrapper.wrapped(line) == [
                "    static func createResource()",
                "        -> BackendResource<",
                "            \(name),",
                "            [\(name)],",
                "            NoAuth",
                "        > {",
            ])
    }

    @Test func anAssignmentOfLongNamesBreaksAfterItsEqualsSign() {
        let name = Self.long(64)
        #expect(
            LineWrapper.wrapped("        self.\(name) = \(name)") == ["        self.\(name) =", "            \(name)"])
    }

    @Test func aLabelledArgumentOfLongNamesBreaksAfterItsColon() {
        let name = Self.long(62)
        #expect(
            LineWrapper.wrapped("                \(name): \(name)") == [
                "                \(name):", "                    \(name)",
            ])
    }

    @Test func aStringLiteralIsNeverSplit() {
        let line = "            \"" + String(repeating: "key_", count: 40) + "\""
        #expect(LineWrapper.wrapped(line) == [line])
    }

    @Test func commentsBreakAtSpacesWithTheirPrefix() {
        let line =
            "    ///   - errorPayload: Decodes the body of a non-2xx response (default: the spec's `error_payload`, "
            + "`MoviesErrorPayload.decode`)."
        #expect(
            LineWrapper.wrapped(line) == [
                "    ///   - errorPayload: Decodes the body of a non-2xx response (default: the spec's `error_payload`,",
                "    ///   `MoviesErrorPayload.decode`).",
            ])
    }

    @Test func multilineStringLiteralsAreData() {
        let body = String(repeating: "{\"title\": \"x, (y)\"}, ", count: 10)
        let text = "    let a = try Movie.decode(from: Data(#\"\"\"\n\(body)\n\"\"\"#.utf8))\n"
        #expect(LineWrapper.wrap(text) == text)
    }

    @Test func anUnbreakableLineStays() {
        let line = "    let " + Self.long(130)
        #expect(LineWrapper.wrapped(line) == [line])
    }
}
