import Foundation
import LucidSpec
import LucidSupport

/// Structural mutations of an OpenAPI document, the shapes hostile or broken documents have, made from a seed (the
/// same seed, the same mutants): a document cut short, a value of the wrong kind, `$ref` cycles and references to
/// nothing, schemas nested hundreds deep, and YAML alias bombs. The fuzzer starts from them (its own byte mutations
/// come on top), and `OpenAPIFuzzTests` runs them without libFuzzer.
public struct OpenAPIMutator {
    /// The kinds of mutation, each applied to a node chosen at random.
    public enum Mutation: CaseIterable, Sendable {
        case truncate, retype, referenceCycle, danglingReference, deepNesting, aliasBomb
    }

    private var state: UInt64

    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// A number in `0..<bound` (SplitMix64).
    mutating func next(_ bound: Int) -> Int {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }

    /// `count` mutants of the document `bytes` (JSON or YAML), each of one to three mutations; none when the
    /// document does not parse.
    public mutating func mutants(of bytes: [UInt8], count: Int) -> [(mutations: [Mutation], bytes: [UInt8])] {
        guard let document = try? LocatedDocument.parse(bytes, file: "seed.yaml", what: "a document") else {
            return []
        }
        return (0..<count).map { _ in
            let mutations = (0..<(1 + next(3))).map { _ in Mutation.allCases[next(Mutation.allCases.count)] }
            return (mutations, mutate(document, with: mutations))
        }
    }

    /// The document with `mutations` applied, as text.
    mutating func mutate(_ document: LocatedValue, with mutations: [Mutation]) -> [UInt8] {
        var tree = Self.json(document)
        var bomb = false
        var truncate = false
        for mutation in mutations {
            switch mutation {
            case .truncate: truncate = true
            case .retype:
                let kind = (next(6), next(2), next(4), next(6))
                tree = replacing(in: tree) { Self.otherKind(than: $0, choice: kind) }
            case .referenceCycle: tree = referenceCycle(in: tree)
            case .danglingReference:
                let targets = ["#/components/schemas/Nope", "#/paths", "#", "other.yaml#/x", "#/components/schemas/~2"]
                let target = targets[next(targets.count)]
                tree = replacing(in: tree) { _ in Self.reference(target) }
            case .deepNesting:
                let shapes = (0..<(50 + next(400))).map { _ in next(4) }
                tree = replacing(in: tree) { Self.nested($0, shapes: shapes) }
            case .aliasBomb: bomb = true
            }
        }
        // Pretty-printed now and then (line breaks and indentation are YAML's too); a deep mutant on one line, where its
        // indentation would make it megabytes.
        let pretty = next(2) == 0 && !mutations.contains(.deepNesting)
        let text = bomb ? Self.withAliasBomb(tree, levels: 4 + next(6)) : tree.serialized(pretty: pretty)
        var bytes = Array(text.utf8)
        // Cut anywhere, inside a UTF-8 sequence too: a document cut short is bytes, not text.
        if truncate, !bytes.isEmpty { bytes.removeLast(bytes.count - next(bytes.count)) }
        return bytes
    }

    // MARK: Mutations

    /// `tree` with one node, chosen at random among all, replaced by `replacement` of it.
    private mutating func replacing(in tree: JSONNode, _ replacement: (JSONNode) -> JSONNode) -> JSONNode {
        var target = next(Self.count(tree))
        return Self.replacing(tree, at: &target, replacement)
    }

    private static func replacing(
        _ node: JSONNode, at index: inout Int, _ replacement: (JSONNode) -> JSONNode
    )
        -> JSONNode
    {
        if index == 0 {
            index = -1
            return replacement(node)
        }
        index -= 1
        switch node.content {
        case .array(let items):
            return JSONNode(content: .array(items.map { index >= 0 ? replacing($0, at: &index, replacement) : $0 }))
        case .object(let object):
            let members = object.members.map { member in
                index >= 0
                    ? JSONObject.Member(key: member.key, value: replacing(member.value, at: &index, replacement))
                    : member
            }
            return JSONNode(content: .object(JSONObject(members)))
        default: return node
        }
    }

    private static func count(_ node: JSONNode) -> Int {
        switch node.content {
        case .array(let items): return 1 + items.map(count).reduce(0, +)
        case .object(let object): return 1 + object.members.map { count($0.value) }.reduce(0, +)
        default: return 1
        }
    }

    /// A value of another kind than `node`'s, chosen by `choice` (the kind, a flag, a number, a text).
    private static func otherKind(than node: JSONNode, choice: (Int, Int, Int, Int)) -> JSONNode {
        let kinds: [JSONNode.Content] = [
            .null, .bool(choice.1 == 0), .number(["0", "-1", "1e308", "2.5"][choice.2]),
            .string(["", "object", "#/components", "{id}", "\u{0}", "💥"][choice.3]), .array([]),
            .object(JSONObject([])),
        ]
        var pick = kinds[choice.0]
        if case .object = node.content, case .object = pick { pick = .array([node]) }
        return JSONNode(content: pick)
    }

    /// A schema under `components.schemas` turned into a `$ref` to itself, or two that refer to each other.
    private mutating func referenceCycle(in tree: JSONNode) -> JSONNode {
        guard let schemas = tree.object?["components"]?.object?["schemas"]?.object, !schemas.members.isEmpty else {
            return tree
        }
        let first = schemas.members[next(schemas.members.count)].key
        let second = schemas.members[next(schemas.members.count)].key
        func reference(_ name: String) -> JSONNode {
            let escaped = name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            return Self.reference("#/components/schemas/" + escaped)
        }
        var changed = schemas.replacing(first, with: reference(second))
        if first != second { changed = changed.replacing(second, with: reference(first)) }
        let components = tree.object!["components"]!.object!.replacing(
            "schemas", with: JSONNode(content: .object(changed)))
        return JSONNode(
            content: .object(tree.object!.replacing("components", with: JSONNode(content: .object(components)))))
    }

    /// `node` inside a schema per shape (`allOf`, `items`, `properties`, `oneOf`) that holds it.
    private static func nested(_ node: JSONNode, shapes: [Int]) -> JSONNode {
        var value = node
        for shape in shapes {
            switch shape {
            case 0:
                value = JSONNode(
                    content: .object(JSONObject([.init(key: "allOf", value: JSONNode(content: .array([value])))])))
            case 1:
                value = JSONNode(
                    content: .object(
                        JSONObject([
                            .init(key: "type", value: JSONNode(content: .string("array"))),
                            .init(key: "items", value: value),
                        ])))
            case 2:
                value = JSONNode(
                    content: .object(
                        JSONObject([
                            .init(
                                key: "properties",
                                value: JSONNode(content: .object(JSONObject([.init(key: "a", value: value)]))))
                        ])))
            default:
                // One held value per level: two would double the document at each.
                let other = JSONNode(
                    content: .object(JSONObject([.init(key: "type", value: JSONNode(content: .string("string")))])))
                value = JSONNode(
                    content: .object(
                        JSONObject([.init(key: "oneOf", value: JSONNode(content: .array([value, other])))])))
            }
        }
        return value
    }

    /// The document as YAML (its top-level keys a line each, their values in flow style), after a chain of anchors
    /// each a list of nine aliases of the one before (9^levels values once expanded), whose last one is the enum of a
    /// schema and the `x-` value of the document.
    static func withAliasBomb(_ tree: JSONNode, levels: Int) -> String {
        var lines = ["x-bomb-0: &b0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...levels {
            lines.append(
                "x-bomb-\(level): &b\(level) [" + Array(repeating: "*b\(level - 1)", count: 9).joined(separator: ", ")
                    + "]")
        }
        // The last anchor is the enum of a schema the import converts, when the document has components.
        let bomb = "{type: string, enum: *b\(levels)}"
        var placed = false
        for member in tree.object?.members ?? [] {
            var value = member.value
            if member.key == "components", let components = value.object, let schemas = components["schemas"]?.object {
                let marked = JSONObject(
                    schemas.members + [.init(key: "Bomb", value: JSONNode(content: .string("\u{1}bomb")))])
                value = JSONNode(
                    content: .object(components.replacing("schemas", with: JSONNode(content: .object(marked)))))
                placed = true
            }
            let text = value.serialized(pretty: false).replacingOccurrences(of: "\"\\u0001bomb\"", with: bomb)
            lines.append(JSONStringLiteral.quoted(member.key) + ": " + text)
        }
        if !placed { lines.append("x-bomb-use: " + bomb) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"$ref": target}`.
    static func reference(_ target: String) -> JSONNode {
        JSONNode(content: .object(JSONObject([.init(key: "$ref", value: JSONNode(content: .string(target)))])))
    }

    /// A located value as a JSON value (numbers as written, locations dropped).
    static func json(_ value: LocatedValue) -> JSONNode {
        switch value.value {
        case .null: return JSONNode(content: .null)
        case .bool(let flag): return JSONNode(content: .bool(flag))
        case .number(let text): return JSONNode(content: .number(OpenAPIMutator.jsonNumber(text)))
        case .string(let text): return JSONNode(content: .string(text))
        case .array(let items): return JSONNode(content: .array(items.map(json)))
        case .object(let object):
            return JSONNode(
                content: .object(JSONObject(object.members.map { .init(key: $0.key, value: json($0.value)) })))
        }
    }

    /// A YAML number as JSON writes it (`0x1F`, `.5`, `+1` are no JSON numbers): its value, or 0.
    static func jsonNumber(_ text: String) -> String {
        if Int64(text) != nil { return text }
        if let value = Double(text), value.isFinite, text.first?.isNumber == true || text.first == "-" { return text }
        return "0"
    }
}
