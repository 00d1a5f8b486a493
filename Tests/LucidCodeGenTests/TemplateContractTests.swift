import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen

/// The contract between templates and view models. Templates read view-model values by string keys, and a key
/// no view model provides renders as empty text. So: generate every golden case and the Movies example, record
/// each template's view-model values as the generator hands them over (`Generator.renderObserver`), merge them
/// into one shape per template, and check every tag of every template (all branches, partials through the
/// stack that includes them) against it; and every key a view model provides must be read by some template.
/// The keys come from the values themselves, so the check cannot go stale.
@Suite struct TemplateContractTests {
    /// Specs that together reach every template: each golden case's and the Movies example's.
    static let specs: [String] = {
        let golden = GoldenTests.cases.compactMap { try? GoldenTests.spec(of: $0) }
        return golden + [GoldenTests.root + "/Examples/Movies/Sources/Movies/movies.lucid.yaml"]
    }()

    /// What no golden case has, so that every key a view model sets only sometimes is seen: dates and durations
    /// as path parameters, query items and headers.
    static let reach = """
        lucid: 1
        module: Reach
        servers:
          api: https://api.example.com
        services:
          events:
            endpoints:
              day:
                get: /days/{day}/{length}
                params: { day: date, length: seconds }
                query: { since: date, wait: milliseconds }
                headers: { at: { type: date, key: X-At }, budget: { type: seconds, key: X-Budget } }
                response: none
        """

    /// Each template's shape, merged over every value it was rendered with from `specs`.
    static func shapes() throws -> [String: ValueShape] {
        let renders = Locked<[(String, MustacheValue)]>([])
        let loads = specs.map { path in (path, SpecLoader().load(path: path)) }
        for (path, result) in loads + [("reach.lucid.yaml", SpecLoader().load(yaml: reach, file: "reach.lucid.yaml"))] {
            let spec = try #require(result.spec, "\(path): \(result.diagnostics)")
            var generator = Generator(spec: spec, specFile: path, templates: try TemplateSet.embedded())
            generator.renderObserver = { template, value in renders.withLock { $0.append((template, value)) } }
            _ = try generator.files()
            _ = try generator.testFiles()
        }
        var shapes: [String: ValueShape] = [:]
        for (template, value) in renders.withLock({ $0 }) {
            let shape = shapes[template] ?? ValueShape()
            shapes[template] = shape
            shape.merge(value)
        }
        return shapes
    }

    @Test func theSpecsAreFound() {
        #expect(Self.specs.count >= 10)
    }

    @Test func everyTemplateKeyIsAViewModelKeyAndEveryViewModelKeyIsRead() throws {
        let shapes = try Self.shapes()
        let templates = try TemplateSet.embedded().templates
        // A template the specs never render is unchecked: add a spec that reaches it (or the template is dead).
        // Templates used only as partials of others are walked through those.
        let included = Set(
            templates.names.flatMap { name in templates[name].map { $0.program.partialNames } ?? [] })
        let unrendered = templates.names.filter { shapes[$0] == nil && !included.contains($0) }
        #expect(unrendered.isEmpty, "no spec renders the templates \(unrendered)")

        var contract = TemplateContract(templates: templates)
        for name in shapes.keys.sorted() { contract.check(name, rootShape: shapes[name]!) }
        #expect(contract.missing.sorted() == [], "tags that read no view-model key")
        let unused = shapes.keys.sorted().flatMap { name in shapes[name]!.unused(at: name) }
        #expect(unused == [], "view-model keys no template reads")
    }

    // MARK: - The checker itself

    /// What the checker reports for `template` rendered with `values`.
    static func findings(_ template: String, _ values: [MustacheValue]) throws -> (missing: [String], unused: [String])
    {
        let shape = ValueShape()
        for value in values { shape.merge(value) }
        let templates = try MustachePartials(parsing: ["T": template, "item": "{{name}}: {{type}}"])
        var contract = TemplateContract(templates: templates)
        contract.check("T", rootShape: shape)
        return (contract.missing.sorted(), shape.unused(at: "T"))
    }

    @Test func aMisspelledKeyIsCaughtInABranchNoValueReaches() throws {
        let value: MustacheValue = ["name": "Movie", "deprecated": false, "doc": ""]
        let found = try Self.findings(
            "{{name}}{{#deprecated}}{{deprecationn}}{{/deprecated}}{{#doc}}{{doc}}{{/doc}}", [value])
        #expect(found.missing == ["T: {{deprecationn}} in T › deprecated is no key of the view model"])
        #expect(found.unused == [])
    }

    @Test func anUnreadKeyIsCaught() throws {
        let found = try Self.findings("{{name}}", [["name": "Movie", "typeName": "Movie"]])
        #expect(found.missing == [])
        #expect(found.unused == ["T.typeName"])
    }

    /// A section's keys resolve against its item first, then the enclosing values; a partial sees the stack of
    /// its tag; `first`/`last` need no reader.
    @Test func sectionsAndPartialsResolveOnTheContextStack() throws {
        let value: MustacheValue = [
            "type": "Movie",
            "props": .items([["name": "title"], ["name": "year", "type": "Int"]]),
        ]
        let found = try Self.findings("{{#props}}{{> item}}{{^last}}, {{/last}}{{/props}}", [value])
        #expect(found.missing == [])
        #expect(found.unused == [])
        let misspelled = try Self.findings("{{#props}}{{nmae}}{{/props}}", [value])
        #expect(misspelled.missing == ["T: {{nmae}} in T › props is no key of the view model"])
        #expect(misspelled.unused == ["T.props.name", "T.props.type"])
    }
}
