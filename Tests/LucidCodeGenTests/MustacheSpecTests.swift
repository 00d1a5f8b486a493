import Foundation
import LucidCodeGen
import LucidTestSupport
import Testing

/// Runs the official Mustache spec (`$LUCID_TESTDATA/mustache-spec`, by default ../shared/testdata/mustache-spec
/// beside the checkout) through `MustacheTemplate`; skipped, saying why, without it.
///
/// Every case must pass with `escaping: .html`, the spec's own setting. In the generator's raw mode every case
/// must pass too, except those listed in `expectsHTMLEscaping`, whose output must then be the expected output
/// with its HTML escaping undone: so the list excuses escaping and nothing else.
@Suite(
    .enabled(
        if: ConformanceSuites.shouldRun("mustache-spec"),
        Comment(rawValue: ConformanceSuites.skipReason("mustache-spec"))))
struct MustacheSpecTests {
    static let suiteName = "mustache-spec"
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// Cases that differ in raw mode, each with the reason.
    static let expectsHTMLEscaping: [String: String] = [
        "interpolation/HTML Escaping": "expects HTML escaping",
        "interpolation/Implicit Iterators - HTML Escaping": "expects HTML escaping",
        "sections/Implicit Iterator - HTML Escaping": "expects HTML escaping",
    ]

    @Test func htmlMode() throws {
        let cases = try MustacheSpecCase.all()
        #expect(cases.count > 100, "the mustache-spec looks incomplete")
        var failures: [String] = []
        for specCase in cases {
            let output = specCase.render(escaping: .html)
            if output != specCase.expected { failures.append(specCase.failure(output)) }
        }
        print("mustache-spec: \(cases.count - failures.count) passed, \(failures.count) failed")
        for failure in failures { print("  " + failure) }
        #expect(failures.isEmpty)
    }

    @Test func rawMode() throws {
        let cases = try MustacheSpecCase.all()
        let unknown = Set(Self.expectsHTMLEscaping.keys).subtracting(cases.map(\.id))
        #expect(unknown.isEmpty, "expectsHTMLEscaping names cases that do not exist: \(unknown.sorted())")
        for specCase in cases {
            let output = specCase.render(escaping: .none)
            if Self.expectsHTMLEscaping[specCase.id] != nil {
                let unescaped = Self.unescapingHTML(specCase.expected)
                #expect(unescaped != specCase.expected, "\(specCase.id) is listed but expects no escaping")
                #expect(output == unescaped, "\(specCase.failure(output))")
            } else {
                #expect(output == specCase.expected, "\(specCase.failure(output))")
            }
        }
    }

    /// Undoes the escaping of `&`, `<`, `>` and `"`, `&amp;` last so that `&amp;lt;` becomes `&lt;`.
    static func unescapingHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// One test of a spec file.
struct MustacheSpecCase {
    /// The spec's folder; a missing one fails the test that asked for it.
    static func folder() throws -> URL {
        try #require(
            ConformanceSuites.folder(MustacheSpecTests.suiteName),
            "\(ConformanceSuites.skipReason(MustacheSpecTests.suiteName))")
    }

    /// `file/name`, such as `sections/Doubled`.
    var id: String
    var data: MustacheValue
    var template: String
    var partials: [String: String]
    var expected: String

    static func all() throws -> [MustacheSpecCase] {
        try MustacheSpecTests.files.flatMap { try load($0) }
    }

    private static func load(_ file: String) throws -> [MustacheSpecCase] {
        let data = try Data(contentsOf: try folder().appendingPathComponent(file + ".json"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let tests = root?["tests"] as? [[String: Any]] ?? []
        return tests.map { test in
            MustacheSpecCase(
                id: file + "/" + (test["name"] as? String ?? "?"),
                data: MustacheValue(json: test["data"] ?? NSNull()),
                template: test["template"] as? String ?? "",
                partials: test["partials"] as? [String: String] ?? [:],
                expected: test["expected"] as? String ?? "")
        }
    }

    /// The output, or the parse error's description (which never equals an expected output).
    func render(escaping: MustacheEscaping) -> String {
        do {
            let partials = try MustachePartials(parsing: partials)
            return try MustacheTemplate(template, name: id).render(data, partials: partials, escaping: escaping)
        } catch {
            return "error: \(error)"
        }
    }

    func failure(_ output: String) -> String {
        "\(id): got \(output.debugDescription), expected \(expected.debugDescription)"
    }
}
