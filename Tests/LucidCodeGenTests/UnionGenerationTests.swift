#if os(macOS) || os(Linux)
import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen

/// Unions whose names push the generated enum: keyword case names, a discriminator that is no Swift name or is
/// taken by the generated code, wire values needing escapes, deprecated cases and unions, and untagged cases of
/// every kind of type. Each compiles cleanly (no error, no warning, within 120 columns).
@Suite(.serialized) struct UnionGenerationTests {
    static let spec = """
        lucid: 1
        module: Edge
        subtypes:
          box: { properties: { value: int } }
          old_box: { deprecated: true, properties: { value: int } }
          kind: { cases: [a, b] }
          flags: { options: [read, write] }
          keywords:
            discriminator: "@type"
            one_of:
              self: box
              default: { type: box, value: "de\\"fault\\\\" }
              init: { type: old_box, value: in-it }
              protocol: box
              unknown_kind: { type: box, value: "\\\\(x)" }
            unknown: true
          taken_names:
            discriminator: container
            one_of: { in: box, is: box }
          legacy:
            deprecated: Use keywords.
            discriminator: json
            one_of: { box: box, old: old_box }
            unknown: true
          mixed:
            one_of:
              flag: bool
              kind: kind
              flags: flags
              url: url
              data: data
              decimal: decimal
              map: "{string: int}"
              nested: "[[string]]"
              other: keywords
              uuid: uuid
              color: color
              int64: int64
              entity: thing
        entities:
          thing:
            identifier: uuid
            properties:
              value: { type: { one_of: { self: string, type: int } }, nullable: true, lenient: true }
              many: { type: "[taken_names]", failable_items: true, default: [] }
        """

    @Test func edgeCasesCompileCleanly() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        #expect(try LintMeansCompilesTests.outcome(of: Self.spec, module: "Edge") == .compiled)
    }

    @Test func discriminatorsThatAreNoPlainNameUseTag() throws {
        let spec = try #require(SpecLoader().load(yaml: Self.spec, file: "edge.lucid.yaml").spec)
        let files = try Generator(spec: spec, specFile: "edge.lucid.yaml", templates: TemplateSet.embedded()).files()
        let keywords = try #require(files.first { $0.path == "Subtypes/Keywords.swift" }).contents
        #expect(keywords.contains("case unknown(tag: String, json: JSONValue)"))
        #expect(keywords.contains(#"case type = "@type""#))
        #expect(keywords.contains(#"case "de\"fault\\": self = .default(try Box(from: decoder))"#))
        #expect(keywords.contains(#"case "\\(x)": self = .unknownKind(try Box(from: decoder))"#))
        let taken = try #require(files.first { $0.path == "Subtypes/TakenNames.swift" }).contents
        #expect(taken.contains("let tag = try container.decode(String.self, forKey: .container)"))
        #expect(taken.contains(#"debugDescription: "Unknown 'container' value '\(tag)'; expected 'in' or 'is'.")"#))
    }
}
#endif
