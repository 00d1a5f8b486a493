import LucidSpec
import Testing

/// `YAMLLoader` on hostile and tricky input: every problem is a `YAMLError` at the right place, never a
/// crash, a hang or unbounded memory; and what it does load (anchors, merge keys, locations) is exact.
@Suite struct YAMLHostileInputTests {
    // MARK: - Helpers

    private func load(_ yaml: String, options: YAMLOptions = .init()) throws(YAMLError) -> [YAMLNode] {
        try YAMLLoader.loadAll(Array(yaml.utf8), file: "t.yaml", options: options)
    }

    /// The printed diagnostic (with notes) that loading `bytes` throws, or nil when it loads.
    private func failure(_ bytes: [UInt8], options: YAMLOptions = .init()) -> String? {
        do {
            _ = try YAMLLoader.loadAll(bytes, file: "t.yaml", options: options)
            return nil
        } catch {
            return error.description
        }
    }

    private func failure(_ yaml: String, options: YAMLOptions = .init()) -> String? {
        failure(Array(yaml.utf8), options: options)
    }

    /// The only document of `yaml`, written compactly (see `render`).
    private func rendered(_ yaml: String, options: YAMLOptions = .init()) throws -> String {
        let documents = try load(yaml, options: options)
        try #require(documents.count == 1)
        return render(documents[0])
    }

    /// `{a: 1, b: [x, y]}`: scalars by their text, collections in flow style, in document order.
    private func render(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let scalar): return scalar.text
        case .sequence(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { render($0.key) + ": " + render($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// The value of `key` in a mapping node.
    private func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        node?.mapping?.first { $0.key.scalar?.text == key }?.value
    }

    /// `line:column` of a node.
    private func position(_ node: YAMLNode?) -> String? {
        node.map { "\($0.location.line):\($0.location.column)" }
    }

    /// `depth` nested flow sequences around `inner`.
    private func nested(_ depth: Int, around inner: String = "x") -> String {
        String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }

    // MARK: - Alias bombs and node limits

    @Test func billionLaughsIsRejectedQuickly() {
        var yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        // How fast is `make bench`'s business (lint_bench.py: the same shapes, 2 s bound); here, that it stops.
        // a0…a5 expand to about 1.2 million nodes; the first *a5 (1.1 million more) crosses the limit.
        #expect(
            failure(yaml) == """
                t.yaml:7:10: error: aliases expand this document beyond 2000000 nodes; an alias that repeats large \
                nodes many times (a 'billion laughs' document) is not loaded
                """)
    }

    @Test func hugeDocumentWithoutAliasesNamesTheNodeLimit() {
        let options = YAMLOptions(limits: YAMLLimits(maxExpandedNodes: 10))
        #expect(
            failure("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]", options: options)
                == "t.yaml:1:29: error: the document has more than 10 nodes; split it into included files")
        #expect(failure("[1, 2, 3, 4, 5, 6, 7, 8, 9]", options: options) == nil)
    }

    /// Each node counts once, however deep it is; aliases count as the nodes they repeat.
    @Test func nodesAreCountedOnce() throws {
        let options = YAMLOptions(limits: YAMLLimits(maxExpandedNodes: 300))
        // 200 sequences and 100 scalars: exactly 300 nodes.
        let scalars = Array(repeating: "x", count: 100).joined(separator: ", ")
        #expect(failure(nested(199, around: "[" + scalars + "]"), options: options) == nil)
        // 1 mapping, 2 keys, 1 sequence, 3 scalars and an alias repeating 4 nodes: 11 nodes.
        let yaml = "a: &a [1, 2, 3]\nb: *a\n"
        #expect(failure(yaml, options: YAMLOptions(limits: YAMLLimits(maxExpandedNodes: 11))) == nil)
        #expect(
            failure(yaml, options: YAMLOptions(limits: YAMLLimits(maxExpandedNodes: 10))) == """
                t.yaml:2:4: error: aliases expand this document beyond 10 nodes; an alias that repeats large nodes \
                many times (a 'billion laughs' document) is not loaded
                """)
    }

    @Test func nodeLimitIsPerDocument() throws {
        let options = YAMLOptions(limits: YAMLLimits(maxExpandedNodes: 4))
        #expect(try load("[1, 2, 3]\n---\n[4, 5, 6]\n", options: options).count == 2)
    }

    // MARK: - Nesting

    @Test func hundredThousandFlowSequences() {
        #expect(
            failure(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
                == "t.yaml:1:257: error: nesting is deeper than 256 levels; flatten the document")
    }

    @Test func hundredThousandFlowMappings() {
        #expect(
            failure(String(repeating: "{a: ", count: 100_000) + String(repeating: "}", count: 100_000))
                == "t.yaml:1:1025: error: nesting is deeper than 256 levels; flatten the document")
    }

    @Test func hundredThousandBlockSequences() {
        #expect(
            failure(String(repeating: "- ", count: 100_000) + "x\n")
                == "t.yaml:1:513: error: nesting is deeper than 256 levels; flatten the document")
    }

    /// Block mappings need a line per level, indented one more space each time.
    @Test func deepBlockMappings() {
        let yaml = (0..<2_000).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
        #expect(failure(yaml) == "t.yaml:257:257: error: nesting is deeper than 256 levels; flatten the document")
    }

    @Test func exactlyTheDepthLimitLoads() throws {
        #expect(failure(nested(256)) == nil)
        #expect(failure(nested(257)) == "t.yaml:1:257: error: nesting is deeper than 256 levels; flatten the document")
        let options = YAMLOptions(limits: YAMLLimits(maxDepth: 3))
        #expect(failure("a:\n  b: [x]\n", options: options) == nil)
        #expect(
            failure("a:\n  b: [[x]]\n", options: options)
                == "t.yaml:2:7: error: nesting is deeper than 3 levels; flatten the document")
    }

    /// Aliases must not stack deep anchored nodes into a tree deeper than the limit: each line below is
    /// shallow text, but would nest 200 levels further than the line before.
    @Test func aliasesCannotNestDeeperThanTheLimit() {
        var yaml = "- &a0 " + nested(199) + "\n"
        for level in 1...100 {
            yaml += "- &a\(level) " + nested(199, around: "*a\(level - 1)") + "\n"
        }
        #expect(
            failure(yaml) == """
                t.yaml:2:206: error: nesting is deeper than 256 levels; '*a0' repeats a node 199 levels deep
                """)
        #expect(failure("- &a " + nested(100) + "\n- " + nested(155, around: "*a")) == nil)
    }

    /// Dropping a tree as deep as the limit allows must not overflow the stack (destruction recurses).
    @Test func deepTreesAreDroppedSafely() throws {
        for _ in 0..<50 {
            let documents = try load(nested(250) + "\n---\n" + nested(256))
            #expect(documents.count == 2)
        }
        let mappings = (0..<256).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
        #expect(try load(mappings).count == 1)
    }

    // MARK: - Encoding and control characters

    /// Text, then raw bytes, then the expected diagnostic.
    typealias BadBytes = (text: String, bytes: [UInt8], expected: String)

    @Test(
        arguments: [
            ("key: é", [0xFF], "t.yaml:1:7: error: invalid leading UTF-8 octet (byte 0xFF)"),
            ("a: 1\nb: ü", [0xC3, 0x28], "t.yaml:2:6: error: invalid trailing UTF-8 octet (byte 0x28)"),
            ("a: ", [0xE2, 0x82], "t.yaml:1:4: error: incomplete UTF-8 octet sequence"),
            // A truncated sequence is one character, as an editor shows it (found by fuzzing: column 6 was past
            // the end of the line).
            ("a: ", [0xE2, 0x82, 0x0A], "t.yaml:1:5: error: invalid trailing UTF-8 octet (byte 0x0A)"),
            ("a: ", [0xC0, 0x80], "t.yaml:1:4: error: invalid length of a UTF-8 sequence"),
            ("a: ", [0xED, 0xA0, 0x80], "t.yaml:1:4: error: invalid Unicode character (U+D800)"),
            // The two bytes a line break cuts short are one character, as editors show them (found by fuzzing).
            ("a: é", [0xE6, 0x82, 0x0A], "t.yaml:1:6: error: invalid trailing UTF-8 octet (byte 0x0A)"),
        ] as [BadBytes])
    func invalidUTF8(_ input: BadBytes) {
        #expect(failure(Array(input.text.utf8) + input.bytes) == input.expected)
    }

    @Test(
        arguments: [
            ("a: b", [0x00, 0x63], "t.yaml:1:5: error: control characters are not allowed (byte 0x00)"),
            ("", [0x00], "t.yaml:1:1: error: control characters are not allowed (byte 0x00)"),
            ("é: 1\n- ", [0x00], "t.yaml:2:3: error: control characters are not allowed (byte 0x00)"),
            ("a: ", [0x07], "t.yaml:1:4: error: control characters are not allowed (byte 0x07)"),
            ("a: ", [0xEF, 0xBF, 0xBE], "t.yaml:1:4: error: control characters are not allowed (U+FFFE)"),
            ("a: ", [0xC2, 0x80], "t.yaml:1:4: error: control characters are not allowed (U+0080)"),
        ] as [BadBytes])
    func controlCharacters(_ input: BadBytes) {
        #expect(failure(Array(input.text.utf8) + input.bytes) == input.expected)
    }

    /// A reader error (a bad byte) is located as libyaml locates every other error: after any line break libyaml
    /// counts (LF, CR, CRLF, NEL, LS, PS), not counting a byte order mark, in characters also in UTF-16. Found by
    /// the fuzzer: a control character after a lone CR was reported on the line before, past its end.
    @Test(
        arguments: [
            ("# old Mac line end\rkey: ", [0x01], "t.yaml:2:6: error: control characters are not allowed (byte 0x01)"),
            ("a: 1\r\nb: ", [0x01], "t.yaml:2:4: error: control characters are not allowed (byte 0x01)"),
            ("a: b\u{85}c", [0x01], "t.yaml:2:2: error: control characters are not allowed (byte 0x01)"),
            ("a: \"b\u{2028}c\u{2029}", [0x01], "t.yaml:3:1: error: control characters are not allowed (byte 0x01)"),
            ("\u{FEFF}a: ", [0x01], "t.yaml:1:4: error: control characters are not allowed (byte 0x01)"),
            ("a: 😀", [0x01], "t.yaml:1:5: error: control characters are not allowed (byte 0x01)"),
        ] as [BadBytes])
    func readerErrorsCountLinesAsLibyamlDoes(_ input: BadBytes) {
        #expect(failure(Array(input.text.utf8) + input.bytes) == input.expected)
    }

    @Test func readerErrorsInUTF16CountCharacters() {
        let text = "\u{FEFF}a: 1\rb: 😀"
        let expected = "t.yaml:2:5: error: control characters are not allowed (byte 0x01)"
        let little: [UInt8] =
            text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] } + [1, 0]
        let big: [UInt8] = text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] } + [0, 1]
        #expect(failure(little) == expected)
        #expect(failure(big) == expected)
    }

    // MARK: - Streams

    @Test(arguments: ["", "\n\n", "# only a comment\n", "   "])
    func emptyStreamHasNoDocuments(_ yaml: String) throws {
        #expect(try load(yaml).isEmpty)
    }

    @Test func everyDocumentIsLoaded() throws {
        let documents = try load("a\n---\n--- b\n...\n---\n[c]\n")
        #expect(documents.map(render) == ["a", "", "b", "[c]"])
        #expect(documents[1].scalar?.value == .null)
        #expect(documents.map(position) == ["1:1", "3:1", "3:5", "6:1"])
    }

    // MARK: - Aliases

    @Test(arguments: [
        ("a: *nope\n", "t.yaml:1:4: error: unknown alias '*nope'; an anchor '&nope' must be defined before it is used"),
        ("a: *x\nb: &x 1\n", "t.yaml:1:4: error: unknown alias '*x'; an anchor '&x' must be defined before it is used"),
        ("&x a\n---\n*x\n", "t.yaml:3:1: error: unknown alias '*x'; an anchor '&x' must be defined before it is used"),
        ("&a [*a]\n", "t.yaml:1:5: error: unknown alias '*a'; an anchor '&a' must be defined before it is used"),
    ])
    func unknownAlias(_ yaml: String, _ expected: String) {
        #expect(failure(yaml) == expected)
    }

    @Test func aliasCopiesTheAnchoredNodeAtItsOwnLocation() throws {
        let document = try #require(load("a: &x {k: [1, 2]}\nb: *x\nc: &s hi\nd: *s\n").first)
        #expect(render(document) == "{a: {k: [1, 2]}, b: {k: [1, 2]}, c: hi, d: hi}")
        #expect(position(value(document, "b")) == "2:4")
        #expect(position(value(document, "d")) == "4:4")
        #expect(value(document, "d")?.scalar?.value == .string("hi"))
        // Inside the copy, nodes keep the anchored node's locations: that is where their text is.
        #expect(position(value(document, "b")?.mapping?.first?.key) == "1:8")
    }

    @Test func laterAnchorWithTheSameNameWins() throws {
        #expect(try rendered("- &a 1\n- *a\n- &a 2\n- *a\n") == "[1, 1, 2, 2]")
    }

    // MARK: - Duplicate keys

    @Test(arguments: [
        ("a: 1\nb: 2\na: 3\n", "t.yaml:3:1: error: duplicate key 'a'\nt.yaml:1:1: note: first defined here"),
        ("'a': 1\n\"a\": 2\n", "t.yaml:2:1: error: duplicate key 'a'\nt.yaml:1:1: note: first defined here"),
        ("1: x\n01: y\n", "t.yaml:2:1: error: duplicate key '01'\nt.yaml:1:1: note: first defined here"),
        ("~: x\nnull: y\n", "t.yaml:2:1: error: duplicate key 'null'\nt.yaml:1:1: note: first defined here"),
        ("{a: 1, b: 2, a: 3}", "t.yaml:1:14: error: duplicate key 'a'\nt.yaml:1:2: note: first defined here"),
        ("top:\n  é: 1\n  é: 2\n", "t.yaml:3:3: error: duplicate key 'é'\nt.yaml:2:3: note: first defined here"),
    ])
    func duplicateKey(_ yaml: String, _ expected: String) {
        #expect(failure(yaml) == expected)
    }

    /// Past 16 keys duplicates are found by hashing instead of comparing pairwise: the same first duplicate, noted at
    /// its first occurrence, and the same notion of equal keys.
    @Test func bigMappingsFindTheSameDuplicates() throws {
        let keys = (0..<20).map { "k\($0): \($0)\n" }.joined()
        #expect(
            failure(keys + "k3: again\nk1: again\n")
                == "t.yaml:21:1: error: duplicate key 'k3'\nt.yaml:4:1: note: first defined here")
        #expect(
            failure(keys + "'k19': again\n")
                == "t.yaml:21:1: error: duplicate key 'k19'\nt.yaml:20:1: note: first defined here")
        let mixed = keys + "1: a\n'1': b\ntrue: c\n'true': d\n"
        #expect(try rendered(mixed).hasSuffix("1: a, 1: b, true: c, true: d}"))
    }

    /// Keys are equal when their values are: a string, an integer and a boolean with the same text differ.
    @Test func keysOfDifferentTypesAreDistinct() throws {
        #expect(try rendered("1: a\n'1': b\ntrue: c\n'true': d\n1.0: e\n") == "{1: a, 1: b, true: c, true: d, 1.0: e}")
    }

    @Test func duplicatesAreKeptWhenAllowed() throws {
        let options = YAMLOptions(rejectDuplicateKeys: false)
        #expect(try rendered("a: 1\na: 2\n", options: options) == "{a: 1, a: 2}")
    }

    // MARK: - Merge keys

    @Test func mergeKeyInsertsTheMergedEntriesWhereItStands() throws {
        let yaml = "base: &base {a: 1, b: 2}\nderived:\n  x: 0\n  <<: *base\n  b: 3\n"
        #expect(try rendered(yaml) == "{base: {a: 1, b: 2}, derived: {x: 0, a: 1, b: 3}}")
    }

    @Test func firstMergedMappingWins() throws {
        let yaml = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n"
        #expect(try rendered(yaml) == "{a: {x: 1, y: 1}, b: {y: 2, z: 2}, c: {x: 1, y: 1, z: 2}}")
    }

    @Test func explicitKeysWinEvenBeforeTheMerge() throws {
        #expect(try rendered("a: &a {x: 1, y: 1}\nb: {y: 9, <<: *a}\n") == "{a: {x: 1, y: 1}, b: {y: 9, x: 1}}")
    }

    @Test func mergedEntriesAreNotDuplicates() throws {
        #expect(try rendered("a: &a {x: 1}\nb:\n  <<: *a\n  x: 2\n") == "{a: {x: 1}, b: {x: 2}}")
        #expect(try rendered("b:\n  <<: {x: 1}\n  <<: {x: 2, y: 2}\n") == "{b: {x: 1, y: 2}}")
    }

    @Test func mergedEntriesKeepTheirLocations() throws {
        let document = try #require(load("a: &a {x: 1}\nb:\n  <<: *a\n").first)
        #expect(position(value(document, "b")?.mapping?.first?.key) == "1:8")
    }

    @Test(arguments: [
        ("a:\n  <<: 5\n", "t.yaml:2:7: error: a merge key '<<' takes a mapping or a list of mappings, not an integer"),
        (
            "a: &a {x: 1}\nb:\n  <<: [*a, x]\n",
            "t.yaml:3:12: error: a merge key '<<' takes a mapping or a list of mappings, not a string"
        ),
        ("a:\n  <<: [[x]]\n", "t.yaml:2:8: error: a merge key '<<' takes a mapping or a list of mappings, not a list"),
        ("a:\n  <<:\n", "t.yaml:2:6: error: a merge key '<<' takes a mapping or a list of mappings, not null"),
    ])
    func badMergeValue(_ yaml: String, _ expected: String) {
        #expect(failure(yaml) == expected)
    }

    @Test func onlyAPlainOrMergeTaggedKeyMerges() throws {
        #expect(try rendered("a:\n  '<<': {x: 1}\n") == "{a: {<<: {x: 1}}}")
        #expect(try rendered("a:\n  !!merge <<: {x: 1}\n") == "{a: {x: 1}}")
        #expect(try rendered("a:\n  <<: {x: 1}\n", options: YAMLOptions(mergeKeys: false)) == "{a: {<<: {x: 1}}}")
    }

    // MARK: - Locations

    @Test func locationsCountCharactersNotBytes() throws {
        let document = try #require(load("é: [ü, x]\n😀: {k: v}\n\"ß\": 'y'\n").first)
        #expect(position(value(document, "é")?.sequence?.last) == "1:8")
        #expect(position(value(document, "😀")) == "2:4")
        #expect(position(value(document, "😀")?.mapping?.first?.value) == "2:8")
        #expect(position(value(document, "ß")) == "3:6")
    }

    @Test func blockLocations() throws {
        let yaml = "name: demo\nlist:\n  - a: 1\n    b: |\n      text\n  - [x, \"y\"]\n"
        let document = try #require(load(yaml).first)
        let list = value(document, "list")?.sequence
        #expect(position(document) == "1:1")
        #expect(position(value(document, "name")) == "1:7")
        #expect(position(value(document, "list")) == "3:3")
        #expect(position(list?.first) == "3:5")
        #expect(position(value(list?.first, "b")) == "4:8")
        #expect(position(list?.last?.sequence?.last) == "6:9")
    }

    /// Location and tag share storage inside the node; setting one must keep the other.
    @Test func locationAndTagAreIndependent() throws {
        var node = try #require(load("!!str 12").first)
        node.location = SourceLocation(file: "other.yaml", line: 3, column: 4)
        #expect(node.tag == "tag:yaml.org,2002:str")
        #expect(node.location.description == "other.yaml:3:4")
        node.tag = nil
        #expect(node.tag == nil)
        #expect(node.location.description == "other.yaml:3:4")
        let built = YAMLNode(.sequence([]), at: SourceLocation(file: "b.yaml", line: 7, column: 9), tag: "!x")
        #expect(built.location.description == "b.yaml:7:9" && built.tag == "!x")
    }

    /// libyaml places what starts at the end of a stream without a final line break (an empty document or value) on
    /// a line after it; it is located at the end of the last line instead, a place the file has.
    @Test func theEndOfAStreamWithoutALineBreakIsOnItsLastLine() throws {
        let documents = try load("a: 1\n---")
        #expect(documents.count == 2 && position(documents.last) == "2:4")
        #expect(try position(value(load("a: 1\nb:\n").first, "b")) == "2:3")
        #expect(
            failure("a: [x,")
                == "t.yaml:1:7: error: did not find expected node content (while parsing a flow node at 1:7)")
    }

    @Test func windowsLineBreaks() throws {
        let document = try #require(load("a: 1\r\nb: 2\r\n").first)
        #expect(position(document.mapping?.last?.key) == "2:1")
        #expect(render(document) == "{a: 1, b: 2}")
    }
}
