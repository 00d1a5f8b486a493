import LucidCodeGen
import Testing

/// The Mustache engine in the shapes the generator's Swift templates use, plus its errors and guards.
@Suite struct MustacheEngineTests {
    private func render(
        _ text: String, _ value: MustacheValue = [:], partials: [String: String] = [:],
        escaping: MustacheEscaping = .none
    ) throws -> String {
        try MustacheTemplate(text, name: "T")
            .renderChecked(value, partials: MustachePartials(parsing: partials), escaping: escaping)
    }

    /// The description of the error parsing `text` throws, or nil when it parses.
    private func parseError(_ text: String, name: String = "T") -> String? {
        do {
            _ = try MustacheTemplate(text, name: name)
            return nil
        } catch {
            return error.description
        }
    }

    private static let movie: MustacheValue = [
        "name": "Movie",
        "props": [["name": "id", "type": "Int"], ["name": "title", "type": "String", "last": true]],
    ]

    // MARK: Errors

    @Test func unclosedSectionNamesTheOpeningTag() {
        #expect(
            parseError("struct A {\n    {{#props}}\n    let x\n}\n")
                == "T:2:5: unclosed section 'props': expected '{{/props}}' before the end of the template")
    }

    @Test func mismatchedSectionSaysWhatIsOpen() {
        #expect(
            parseError("{{#a}}\n  {{#b}}\n  {{/a}}\n{{/b}}")
                == "T:3:3: mismatched closing tag '{{/a}}': expected '{{/b}}' to close the section opened at 2:3")
        #expect(parseError("x\n{{/a}}") == "T:2:1: closing tag '{{/a}}' without an open section")
    }

    @Test func unclosedTags() {
        #expect(parseError("let x = {{name\n") == "T:1:9: unclosed tag: '{{' without a matching '}}'")
        #expect(parseError("{{{name}}") == "T:1:1: unclosed tag: '{{{' without a matching '}}}'")
        #expect(parseError("a\n{{! note") == "T:2:1: unclosed tag: '{{!' without a matching '}}'")
        #expect(parseError("ends with {{") == "T:1:11: unclosed tag: '{{' without a matching '}}'")
    }

    @Test func badDelimiterChanges() {
        let reason = "expected two delimiters separated by whitespace, neither containing '='"
        #expect(parseError("{{=<% =}}") == "T:1:1: bad delimiter change '{{=<% =}}': \(reason)")
        #expect(parseError("x {{=<% %> [ =}}") == "T:1:3: bad delimiter change '{{=<% %> [ =}}': \(reason)")
        #expect(parseError("{{= a=b c =}}") == "T:1:1: bad delimiter change '{{= a=b c =}}': \(reason)")
    }

    @Test func emptyTagsAndInvalidNames() {
        #expect(parseError("a {{ }}") == "T:1:3: empty tag '{{ }}'")
        #expect(parseError("{{#}}{{/}}") == "T:1:1: empty tag '{{#}}'")
        #expect(parseError("{{> }}") == "T:1:1: empty tag '{{> }}'")
        #expect(parseError("{{a b}}") == "T:1:1: invalid name 'a b' in tag '{{a b}}'")
        #expect(parseError("{{a..b}}") == "T:1:1: invalid name 'a..b' in tag '{{a..b}}'")
        #expect(parseError("{{> My Partial}}") == "T:1:1: invalid name 'My Partial' in tag '{{> My Partial}}'")
    }

    @Test func errorLocationsCountCharactersAndUseCurrentDelimiters() throws {
        #expect(
            parseError("é🇫🇷 {{#x}}") == "T:1:4: unclosed section 'x': expected '{{/x}}' before the end of the template")
        #expect(
            parseError("{{=<% %>=}}\n<%#a%>")
                == "T:2:1: unclosed section 'a': expected '<%/a%>' before the end of the template")
        #expect(
            parseError("{{#x}}", name: "")
                == "<template>:1:1: unclosed section 'x': expected '{{/x}}' before the end of the template")
        let error = try #require(throws: MustacheError.self) {
            try MustachePartials(parsing: ["Header": "ok", "Footer": "\n {{#x}}"])
        }
        #expect(
            error
                == MustacheError(
                    templateName: "Footer", line: 2, column: 2,
                    message: "unclosed section 'x': expected '{{/x}}' before the end of the template"))
    }

    // MARK: Standalone lines in Swift-shaped templates

    @Test func sectionOnItsOwnLineInsideAStructBody() throws {
        let template = """
            struct {{name}}: Codable {
                {{#props}}
                let {{name}}: {{type}}
                {{/props}}
            }

            """
        #expect(
            try render(template, Self.movie) == """
                struct Movie: Codable {
                    let id: Int
                    let title: String
                }

                """)
    }

    @Test func nestedAndInvertedSections() throws {
        let template = """
            enum {{name}} {
                {{#cases}}
                {{#doc}}
                /// {{doc}}
                {{/doc}}
                case {{name}}{{#raw}} = "{{raw}}"{{/raw}}
                {{/cases}}
                {{^cases}}
                // no cases
                {{/cases}}
            }

            """
        let genre: MustacheValue = [
            "name": "Genre",
            "cases": [
                ["name": "action", "doc": "Films with explosions.", "raw": "action-film"],
                ["name": "drama", "doc": ""],
            ],
        ]
        #expect(
            try render(template, genre) == """
                enum Genre {
                    /// Films with explosions.
                    case action = "action-film"
                    case drama
                }

                """)
        #expect(try render(template, ["name": "Empty", "cases": []]) == "enum Empty {\n    // no cases\n}\n")
    }

    @Test func partialsIndentedInsideADeclaration() throws {
        let template = """
            public struct {{name}} {
                {{> properties}}

                public init({{#props}}{{name}}: {{type}}{{^last}}, {{/last}}{{/props}}) {
                    {{> assignments}}
                }
            }

            """
        let partials = [
            "properties": "// Properties\n\n{{#props}}\npublic let {{name}}: {{type}}\n{{/props}}\n",
            "assignments": "{{#props}}\nself.{{name}} = {{name}}\n{{/props}}\n",
        ]
        let output = try render(template, Self.movie, partials: partials)
        #expect(
            output == """
                public struct Movie {
                    // Properties

                    public let id: Int
                    public let title: String

                    public init(id: Int, title: String) {
                        self.id = id
                        self.title = title
                    }
                }

                """)
        // Blank lines of an indented partial stay empty: generated code has no trailing whitespace.
        #expect(!output.split(separator: "\n").contains { $0.last == " " })
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let template = "enum Outer {\n    struct Inner {\n        {{> body}}\n    }\n}\n"
        let body = "let a = 1\n{{#nested}}\nstruct Deeper {\n    {{> body}}\n}\n{{/nested}}\n"
        #expect(
            try render(template, ["nested": ["nested": false]], partials: ["body": body]) == """
                enum Outer {
                    struct Inner {
                        let a = 1
                        struct Deeper {
                            let a = 1
                        }
                    }
                }

                """)
    }

    @Test func inlinePartialsAndInterpolatedLinesAreNotReindented() throws {
        // As in the spec: only the partial's own template lines are indented, and only for a standalone tag.
        #expect(
            try render("    let x = {{> list}}\n", partials: ["list": "[\n    1,\n]"]) == "    let x = [\n    1,\n]\n")
        #expect(try render("    {{> code}}\n}", ["code": "a\nb"], partials: ["code": "{{{code}}}\n"]) == "    a\nb\n}")
    }

    @Test func commentsAndDelimiterChangesOnTheirOwnLinesLeaveNoTrace() throws {
        let template = "struct A {\n    {{! a comment }}\n    {{=<% %>=}}\n    let x = \"{{<%value%>}}\"\n}\n"
        #expect(try render(template, ["value": "v"]) == "struct A {\n    let x = \"{{v}}\"\n}\n")
    }

    // MARK: Values

    @Test func noEscapingByDefault() throws {
        let value: MustacheValue = ["type": "Array<Int>", "code": "a < b && c > \"d\" 'e'"]
        #expect(
            try render("{{type}} {{code}} {{{code}}} {{&code}}", value)
                == "Array<Int> a < b && c > \"d\" 'e' a < b && c > \"d\" 'e' a < b && c > \"d\" 'e'")
        #expect(
            try render("{{code}} {{{code}}}", value, escaping: .html)
                == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e' a < b && c > \"d\" 'e'")
    }

    @Test func numbersBooleansAndMissingNames() throws {
        let value: MustacheValue = [
            "int": 85, "double": 1.21, "flag": true, "nothing": nil, "list": [1], "object": [:],
        ]
        #expect(
            try render("{{int}} {{double}} {{flag}} [{{nothing}}{{missing}}{{list}}{{object}}{{a.b.c}}]", value)
                == "85 1.21 true []")
    }

    @Test func truthiness() throws {
        let template = "{{#v}}yes{{/v}}{{^v}}no{{/v}}"
        let cases: [(MustacheValue, String)] = [
            ("", "no"), ("x", "yes"), (0, "yes"), (0.0, "yes"), (false, "no"), (true, "yes"),
            (nil, "no"), ([], "no"), ([:], "yes"),
        ]
        for (value, expected) in cases {
            #expect(try render(template, ["v": value]) == expected, "\(value)")
        }
    }

    @Test func dottedNamesAndTheContextStack() throws {
        let value: MustacheValue = [
            "module": "Movies", "entity": ["name": "Movie", "id": ["type": "Int"]],
            "items": ["a", "b"],
        ]
        #expect(
            try render("{{entity.id.type}} {{#entity}}{{module}}.{{name}}{{/entity}} {{#items}}{{.}}{{/items}}", value)
                == "Int Movies.Movie ab")
        // The first part resolves up the stack, the rest strictly inside it.
        #expect(try render("{{#entity}}{{id.name}}{{/entity}}", value) == "")
    }

    @Test func literalsBuildTheCases() {
        let text = "b"
        let value: MustacheValue = ["a": [1, 2.5, true, nil, "s", "\(text)"]]
        #expect(
            value == .object(["a": .list([.int(1), .double(2.5), .bool(true), .null, .string("s"), .string("b")])]))
    }

    // MARK: Partials and guards

    @Test func missingPartialsRenderEmptyOrAreReported() throws {
        let template = try MustacheTemplate("a\n[{{> Nope}}]", name: "T")
        #expect(template.render([:]) == "a\n[]")
        #expect(throws: MustacheError(templateName: "T", line: 2, column: 2, message: "unknown partial 'Nope'")) {
            try template.renderChecked([:])
        }
    }

    @Test func recursivePartialsStopAtTheDepthLimit() throws {
        let partials = try MustachePartials(parsing: ["loop": "x{{> loop}}"])
        let template = try MustacheTemplate("{{> loop}}", name: "T")
        #expect(template.render([:], partials: partials) == String(repeating: "x", count: 100))
        #expect(
            throws: MustacheError(
                templateName: "loop", line: 1, column: 2,
                message: "partial 'loop' nested more than 100 levels deep; does it include itself without end?")
        ) {
            try template.renderChecked([:], partials: partials)
        }
    }

    @Test func branchingRecursionStopsAtOnceInsteadOfExploding() throws {
        // Without stopping the whole render, 2^100 branches would never finish.
        let partials = try MustachePartials(parsing: ["n": "{{> n}}{{> n}}"])
        #expect(try MustacheTemplate("{{> n}}").render([:], partials: partials) == "")
    }

    @Test func recursionDrivenByDataWorksBelowTheLimit() throws {
        // The leaf needs its own empty `children`: without it the name resolves up the context stack to its
        // parent's children, and the recursion never ends (the depth limit reports that).
        let leaf: MustacheValue = ["name": "leaf", "children": []]
        var tree = leaf
        for level in (0..<60).reversed() { tree = ["name": "n\(level)", "children": [tree]] }
        let partials = try MustachePartials(parsing: ["node": "{{name}}{{#children}}/{{> node}}{{/children}}"])
        let output = try MustacheTemplate("{{> node}}").renderChecked(tree, partials: partials)
        #expect(output == (0..<60).map { "n\($0)/" }.joined() + "leaf")
        let leaky = try MustacheTemplate("{{> node}}", name: "T")
        #expect(throws: MustacheError.self) {
            try leaky.renderChecked(["name": "root", "children": [["name": "leaf"]]], partials: partials)
        }
    }

    @Test func aThousandItemsRenderInOrder() throws {
        let items = MustacheValue.list((0..<1_000).map { ["name": .string("p\($0)"), "index": .int($0)] })
        let template = try MustacheTemplate(
            "struct Big {\n    {{#items}}\n    let {{name}}: Int = {{index}}\n    {{/items}}\n}\n")
        let output = template.render(["items": items])
        let expected = "struct Big {\n" + (0..<1_000).map { "    let p\($0): Int = \($0)\n" }.joined() + "}\n"
        #expect(output == expected)
        #expect(output.split(separator: "\n").count == 1_002)
    }

    @Test func templatesAndPartialsAreSharedAcrossTasks() async throws {
        let template = try MustacheTemplate("{{> item}}")
        let partials = try MustachePartials(parsing: ["item": "<{{.}}>"])
        let outputs = await withTaskGroup(of: String.self) { group in
            for index in 0..<8 { group.addTask { template.render(.int(index), partials: partials) } }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(outputs == Set((0..<8).map { "<\($0)>" }))
    }

    @Test func partialStore() throws {
        var partials = try MustachePartials(parsing: ["b": "B", "a": "A"])
        try partials.add("C", named: "c")
        partials["a"] = nil
        #expect(partials.names == ["b", "c"])
        #expect(partials["c"]?.render([:]) == "C")
        #expect(partials["c"]?.name == "c")
    }
}
