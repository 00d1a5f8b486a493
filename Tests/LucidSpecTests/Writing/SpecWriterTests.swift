import Testing

@testable import LucidSpec

/// The one spec writer (both importers write through it): its layout, and that what it writes loads back as the tree
/// it was given, whatever the text of keys and scalars.
@Suite struct SpecWriterTests {
    @Test func writesBlockAndFlowMappingsListsCommentsAndBlankLines() {
        let document = SpecDocument(
            header: ["Converted by a test.", "A second line\nwith a break."],
            root: SpecMapping([
                SpecEntry("lucid", .literal("1")),
                SpecEntry(
                    "servers", .block([SpecEntry("api", .literal("https://x.test"), trailingComment: "TODO: host")])),
                SpecEntry(
                    "subtypes",
                    .block([
                        SpecEntry("pet", .block([SpecEntry("properties", .block([]))])),
                        SpecEntry(
                            "kind",
                            .block([
                                SpecEntry(
                                    "cases",
                                    .blockList([
                                        .text("dog"),
                                        .flow([SpecEntry("name", .text("null")), SpecEntry("value", .quoted("no"))]),
                                    ]))
                            ]),
                            comments: ["an enum"], blankLineBefore: true),
                        SpecEntry(
                            "pick", .block([SpecEntry("one_of", .flowList([.text("pet"), .text("[pet]")]))]),
                            blankLineBefore: true),
                    ])),
                SpecEntry(
                    "list",
                    .blockList([
                        .block([SpecEntry("a", .literal("1")), SpecEntry("b", .block([SpecEntry("c", .text("d"))]))])
                    ])),
            ]))
        #expect(
            SpecWriter.write(document) == """
                # Converted by a test.
                # A second line with a break.
                lucid: 1
                servers:
                  api: https://x.test  # TODO: host
                subtypes:
                  pet:
                    properties: {}

                  # an enum
                  kind:
                    cases:
                      - dog
                      - { name: "null", value: "no" }

                  pick:
                    one_of: [pet, "[pet]"]
                list:
                  - a: 1
                    b:
                      c: d

                """)
    }

    @Test func eachLineNamesItsEntryAndOrigin() {
        let origin = SourceLocation(file: "doc.yaml", line: 4, column: 3)
        let document = SpecDocument(
            root: SpecMapping([
                SpecEntry("services", .block([SpecEntry("a", .block([SpecEntry("get", .text("/x"))]), origin: origin)]))
            ]))
        let lines = SpecWriter.lines(document)
        #expect(lines.map(\.path) == [["services"], ["services", "a"], ["services", "a", "get"]])
        #expect(lines.map(\.origin) == [nil, origin, origin])
    }

    @Test func scalarsArePlainOnlyWhereYAMLReadsThemBackAsTheSameString() {
        #expect(SpecWriter.scalar("Pet") == "Pet")
        #expect(SpecWriter.scalar("/pets/{id}") == "\"/pets/{id}\"")
        #expect(SpecWriter.scalar("examples/a/b.json") == "examples/a/b.json")
        for reserved in ["true", "No", "null", "y", "ON"] { #expect(SpecWriter.scalar(reserved).hasPrefix("\"")) }
        for other in ["", "1", "-a", "a b", "a:b", "#a", "é", "[a]", "a,b"] {
            #expect(SpecWriter.scalar(other).hasPrefix("\""))
        }
    }

    @Test func keyPathsAreDottedUnlessAKeyHoldsADot() {
        #expect(SpecValue.keyPath(["data", "items"]) == .text("data.items"))
        #expect(SpecValue.keyPath(["amount.value"]) == .flowList([.text("amount.value")]))
        #expect(SpecWriter.flow(.keyPath(["a b", "c.d"])) == "[\"a b\", c.d]")
    }

    /// Random trees — keys and texts from the characters that break YAML writers — written and loaded with libyaml,
    /// compared as values.
    @Test(arguments: 0..<200) func whatItWritesLoadsBackAsTheTree(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 1)
        let document = SpecDocument(
            header: [random.text()], root: SpecMapping(random.entries(depth: 0), flow: false))
        let text = SpecWriter.write(document)
        let loaded = try #require(try YAMLLoader.loadAll(Array(text.utf8), file: "w.yaml").first, "\(text)")
        #expect(Self.value(loaded) == Self.value(.mapping(document.root)), "\(text)")
    }

    /// A comparable rendering of a loaded YAML node.
    static func value(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .string(let text): return "s:" + text
            case .null: return "null"
            case .bool(let flag): return "b:\(flag)"
            case .int(let value): return "n:\(value)"
            case .float(let value): return "n:\(value)"
            }
        case .sequence(let items): return "[" + items.map(value).joined(separator: ",") + "]"
        case .mapping(let pairs):
            return "{"
                + pairs.map { (pair: YAMLNode.Pair) in value(pair.key) + "=" + value(pair.value) }.joined(
                    separator: ",") + "}"
        }
    }

    /// The same rendering of a tree, as it should load.
    static func value(_ tree: SpecValue) -> String {
        switch tree {
        case .scalar(.text(let text)), .scalar(.quoted(let text)): return "s:" + text
        case .scalar(.literal(let text)):
            if let number = Int64(text) { return "n:\(number)" }
            return text == "null" ? "null" : "b:\(text)"
        case .list(let list): return "[" + list.items.map(value).joined(separator: ",") + "]"
        case .mapping(let mapping):
            return "{" + mapping.entries.map { "s:" + $0.key + "=" + value($0.value) }.joined(separator: ",") + "}"
        }
    }
}

/// A small deterministic generator of trees.
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    /// Texts made of the pieces that need quoting, escaping or care.
    mutating func text() -> String {
        let pieces = [
            "a", "Pet", "_x", "/p", "{id}", "[", "]", "{", "}", ",", ": ", ":", "#", " #", "-", "- ", "?", "&", "*",
            "!", "|", ">", "'", "\"", "\\", "%", "@", "`", "\n", "\t", "\r", "\u{7}", " ", "é", "😀", "true", "null",
            "~", "1", "0x1", ".5", "yes", "\u{85}", "\u{2028}", "\u{FEFF}",
        ]
        return (0..<next(4)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    mutating func scalar() -> SpecValue {
        switch next(5) {
        case 0: return .quoted(text())
        case 1: return .literal(["1", "-20", "true", "false", "null"][next(5)])
        default: return .text(text())
        }
    }

    mutating func entries(depth: Int) -> [SpecEntry] {
        var keys: Set<String> = []
        var result: [SpecEntry] = []
        for _ in 0..<(1 + next(4)) {
            let key = text()
            guard keys.insert(key).inserted else { continue }
            result.append(
                SpecEntry(
                    key, value(depth: depth + 1), comments: next(4) == 0 ? [text()] : [],
                    blankLineBefore: next(3) == 0))
        }
        return result
    }

    mutating func value(depth: Int) -> SpecValue {
        guard depth < 4 else { return scalar() }
        switch next(6) {
        case 0: return .block(entries(depth: depth))
        case 1: return .flow(entries(depth: depth))
        case 2: return .blockList((0..<next(3)).map { _ in value(depth: depth + 1) })
        case 3: return .flowList((0..<next(3)).map { _ in value(depth: depth + 1) })
        default: return scalar()
        }
    }
}
