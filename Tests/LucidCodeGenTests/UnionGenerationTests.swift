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

    /// Unions that hold themselves through their cases and required properties: keyword and deprecated cases on the
    /// cycle, an entity case, a union written as a property's type, a union that remembers its cases' results.
    static let recursive = """
        lucid: 1
        module: Loops
        subtypes:
          node:
            discriminator: "@type"
            one_of:
              self: branch
              default: { type: old_branch, value: legacy }
              leaf: leaf
            unknown: true
          branch: { properties: { left: node, right: node, tags: { type: { one_of: { many: "[node]", one: node } } } } }
          old_branch: { deprecated: true, properties: { child: node } }
          leaf: { properties: { value: int } }
          expression:
            one_of: { init: call, protocol: call_list, entity: thing, value: int }
          call: { properties: { callee: expression, arguments: "[expression]" } }
          call_list: { properties: { callee: expression, calls: "[expression]" } }
        entities:
          thing: { identifier: int, properties: { inner: expression, next: { type: thing, nullable: true } } }
        """

    @Test func recursiveUnionsCompileCleanly() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        #expect(try LintMeansCompilesTests.outcome(of: Self.recursive, module: "Loops") == .compiled)
    }

    @Test func onlyTheCasesOnACycleAreIndirect() throws {
        let spec = try #require(SpecLoader().load(yaml: Self.recursive, file: "loops.lucid.yaml").spec)
        let files = try Generator(spec: spec, specFile: "loops.lucid.yaml", templates: TemplateSet.embedded()).files()
        func contents(_ name: String) throws -> String {
            try #require(files.first { $0.path == "Subtypes/\(name).swift" }, "\(files.map(\.path))").contents
        }
        let node = try contents("Node")
        #expect(node.contains("    indirect case `self`(Branch)\n"), "\(node)")
        #expect(node.contains("    @available(*, deprecated)\n    indirect case `default`(OldBranch)\n"), "\(node)")
        #expect(
            node.contains("    case leaf(Leaf)\n") && node.contains("    case unknown(tag: String, json: JSONValue)\n"))
        #expect(node.contains("try decoder.checkNestingDepth(of: Node.self)"))
        let tags = try contents("BranchTags")
        #expect(tags.contains("    case many([Node])\n") && tags.contains("    indirect case one(Node)\n"), "\(tags)")
        let expression = try contents("Expression")
        #expect(
            expression.contains("    indirect case entity(Thing)\n") && expression.contains("    case value(Int)\n"))
        #expect(expression.contains("var attempts = try UnionCaseAttempts(decoder, remembering: true)"))
        #expect(!tags.contains("remembering"), "many and one read the value in different ways")
    }
}
#endif
