import Foundation
import Testing

@testable import LucidSpec

/// The schema's type-expression pattern (`definitions.type_expression`) accepts what `TypeExpression.parse` reads,
/// when every name in it is a valid name (no subtype or entity can have another) and it nests at most
/// `maxDepth` lists, maps or generics' arguments, the depth the pattern spells out; and it refuses everything else.
@Suite struct SpecSchemaTypeExpressionTests {
    static let maxDepth = 4

    static let pattern: NSRegularExpression? = {
        let definition = SpecSchemaDriftTests.definition("type_expression")
        guard let text = SpecSchemaDriftTests.value(definition, ["anyOf", 1, "pattern"]) as? String else { return nil }
        return try? NSRegularExpression(pattern: text)
    }()

    static let samples: [String] = {
        var samples = [
            "int", "string?", "genre_kind", "movieID", "v2", "int ?", " int", "int? ", "[int]", "[ int ]", "[int]?",
            "[genre]", "{string: int}", "{ string : [genre] }?", "{string:{string:double}}", "[[int]]",
            "[{string: int}]",
            "[[[[int]]]]", "[[[[[int]]]]]", "{string: [[[int]]]}", "[string", "string]", "{int: double}",
            "{string int}",
            "int??", "[int?]", "", " ", "?", "[]", "{}", "a-b", "2fa", "_x", "a__b", "x_", "café", "[int] [int]",
            "int int", "{string: }", "[ ]", "int\t", "a_1_b",
            "page<track>", "page < track >?", "pair<int, [string]>", "[page<page<int>>]", "page<>", "page<int",
            "page<int>>", "page<track?>", "<int>", "page<int,>", "page<[[[int]]]>", "page<[[[[int]]]]>",
            "{string: page<a_b>}", "pair<page<int>, {string: [x]}>",
        ]
        // Every nesting of lists and maps up to one level past the limit.
        var level = ["int", "genre"]
        for _ in 0...maxDepth {
            level = level.flatMap { ["[\($0)]", "{string: \($0)}", "[ \($0) ]?"] }
            samples += level.prefix(12)
        }
        return samples
    }()

    @Test func patternAgreesWithTheParser() throws {
        let pattern = try #require(Self.pattern, "definitions.type_expression.anyOf[1].pattern")
        for sample in Self.samples {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = pattern.firstMatch(in: sample, range: range) != nil
            let parsed = TypeExpression.parse(sample)
            let expected = parsed.map { Self.namesAreValid($0.type) && Self.depth($0.type) <= Self.maxDepth } ?? false
            #expect(matches == expected, "'\(sample)': the schema says \(matches), the parser \(expected)")
        }
    }

    static func namesAreValid(_ type: TypeReference) -> Bool {
        switch type {
        case .scalar: return true
        case .array(let element), .map(let element): return namesAreValid(element)
        case .subtype(let name), .entity(let name), .named(let name), .parameter(let name):
            return SwiftNaming.isValidName(name)
        case .generic(let name, let arguments):
            return SwiftNaming.isValidName(name) && arguments.allSatisfy(namesAreValid)
        }
    }

    static func depth(_ type: TypeReference) -> Int {
        switch type {
        case .array(let element), .map(let element): return 1 + depth(element)
        case .generic(_, let arguments): return 1 + (arguments.map(depth).max() ?? 0)
        default: return 0
        }
    }
}
