import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidImport

/// Malformed Lucid input: every problem is a located error, and no spec comes out.
struct LucidImportErrorTests {
    static let config = "input_path: Descriptions\ntargets:\n  app:\n    module_name: Shop\n"

    /// Imports a project made of `files` (paths relative to the project folder) and returns the diagnostics as
    /// printed, with the folder left out.
    func importing(_ files: [String: String], config: String? = config) -> (spec: String?, lines: [String]) {
        withTemporaryFolder("lucid-import") { folder in
            var all = files
            if let config { all[".lucid.yaml"] = config }
            for (path, text) in all {
                let url = folder.appendingPathComponent(path)
                try? FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data(text.utf8).write(to: url)
            }
            try? FileManager.default.createDirectory(
                at: folder.appendingPathComponent("Descriptions"), withIntermediateDirectories: true)
            let result = LucidImporter.importFolder(folder.path)
            let lines = result.diagnostics.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
            return (result.spec, lines)
        }
    }

    func entity(_ properties: String, identifier: String = #"{ "type": "int" }"#) -> String {
        #"{ "name": "item", "identifier": \#(identifier), "properties": [\#(properties)] }"#
    }

    @Test func aMissingFolderIsAnError() {
        let result = LucidImporter.importFolder("/nonexistent/lucid-project")
        #expect(result.spec == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "/nonexistent/lucid-project:1:1: error: '/nonexistent/lucid-project' does not exist; "
                    + "import-lucid reads the folder that holds Lucid's .lucid.yaml"
            ])
    }

    @Test func aFolderWithoutConfigurationIsAnError() {
        let (spec, lines) = importing(["Descriptions/Entities/A.json": "{}"], config: nil)
        #expect(spec == nil)
        #expect(lines.count == 1)
        // At the folder named, not at FOLDER/.lucid.yaml, a path that does not exist.
        #expect(lines.first?.contains(":1:1: error: no Lucid configuration '.lucid.yaml' in") == true)
        #expect(lines.first?.contains(".lucid.yaml:1:1:") == false)
    }

    /// A folder holding a lucid-gen spec (where `lucid-gen init` wrote one, say) is told so.
    @Test func aFolderWithALucidGenSpecIsToldItNeedsNoImport() {
        let (_, lines) = importing(["bookshelf.lucid.yaml": "lucid: 1\nmodule: B\n"], config: nil)
        #expect(
            lines.first?.hasSuffix(
                "import-lucid reads the folder that holds Lucid's .lucid.yaml; 'bookshelf.lucid.yaml' there is a "
                    + "lucid-gen spec, which needs no import ('lucid-gen lint', 'lucid-gen generate')") == true,
            "\(lines)")
    }

    @Test func configurationProblemsAreLocated() {
        let (spec, lines) = importing([:], config: "input_pat: Descriptions\ntargets:\n  app:\n    modul_name: X\n")
        #expect(spec == nil)
        #expect(
            lines.contains(
                ".lucid.yaml:1:1: error: unknown key 'input_pat' in the configuration; did you mean 'input_path'?"))
        #expect(
            lines.contains(
                ".lucid.yaml:4:5: error: unknown key 'modul_name' in target 'app'; did you mean 'module_name'?"))
        let missing = importing([:], config: "targets:\n  app:\n    module_name: X\ninput_path: Nowhere\n")
        #expect(missing.lines.count == 1)
        #expect(missing.lines.first?.hasPrefix(".lucid.yaml:4:13: error: the description folder '") == true)
        let noModule = importing([:], config: "input_path: Descriptions\n")
        #expect(
            noModule.lines == [
                ".lucid.yaml:1:1: error: the configuration has no 'targets.app.module_name'; lucid-gen needs "
                    + "the module's name"
            ])
    }

    @Test func badJSONIsLocatedAtTheOffendingCharacter() {
        let (spec, lines) = importing(["Descriptions/Entities/Item.json": "{\n  \"name\": \"item\",\n}"])
        #expect(spec == nil)
        #expect(
            lines == [
                "Descriptions/Entities/Item.json:3:1: error: expected a key after ','; JSON allows no trailing comma"
            ])
    }

    @Test func unknownKeysGetADidYouMean() {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(#"{ "name": "a", "propery_type": "int" }"#)
        ])
        #expect(spec == nil)
        #expect(
            lines.contains(
                "Descriptions/Entities/Item.json:1:82: error: unknown key 'propery_type' in a property of "
                    + "entity 'item'; did you mean 'property_type'?"
            ))
        #expect(
            lines.contains(
                "Descriptions/Entities/Item.json:1:67: error: property 'a' of entity 'item' has no 'property_type'"))
    }

    /// Lucid reads `property_type` and `propertyType` as one key: writing both is a key written twice.
    @Test func aKeyWrittenTwiceInEitherSpellingIsAnError() {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(
                #"{ "name": "a", "property_type": "int", "propertyType": "string" }"#)
        ])
        #expect(spec == nil)
        #expect(
            lines == [
                "Descriptions/Entities/Item.json:1:106: error: duplicate key 'propertyType' in a property of entity "
                    + "'item'"
            ])
    }

    @Test func badValuesAreLocated() {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(
                #"{ "name": "a", "property_type": "date", "default_value": "yesterday" }, "#
                    + #"{ "name": "b", "property_type": "[[int]]" }, "#
                    + #"{ "name": "c", "property_type": "int", "nullable": "yes" }"#),
            "Descriptions/EndpointPayloads/E.json":
                #"{ "name": "e", "read": { "entity": { "entity_name": "item", "structure": "nested" } } }"#,
        ])
        #expect(spec == nil)
        #expect(
            lines.contains(
                "Descriptions/Entities/Item.json:1:124: error: the date default 'yesterday' has no equivalent; "
                    + "only 'current_date' (now) has"
            ))
        #expect(
            lines.contains(
                "Descriptions/Entities/Item.json:1:171: error: '[[int]]' is not a Lucid property type; use a "
                    + "scalar, a subtype, [T] or {K: V}"
            ))
        #expect(
            lines.contains(
                "Descriptions/Entities/Item.json:1:235: error: expected true or false for 'nullable' of "
                    + "property 'c' of entity 'item', found the string \"yes\""
            ))
        #expect(
            lines.contains(
                "Descriptions/EndpointPayloads/E.json:1:74: error: 'nested' is not a payload structure; use "
                    + "single, array or nested_array"
            ))
    }

    @Test func aNameDescribedTwiceIsAnError() {
        let (spec, lines) = importing([
            "Descriptions/Entities/A.json": entity(""),
            "Descriptions/Entities/B.json": entity(""),
        ])
        #expect(spec == nil)
        #expect(
            lines == [
                "Descriptions/Entities/B.json:1:11: error: entity 'item' is described twice\n"
                    + "Descriptions/Entities/A.json:1:11: note: 'item' is described here"
            ])
    }

    @Test func twoPayloadsBecomingOneEndpointIsAnError() {
        let payload = #"{ "read": { "entity": { "entity_name": "item", "structure": "single" } }, "name": "/items" }"#
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(""),
            "Descriptions/EndpointPayloads/A.json": payload,
            "Descriptions/EndpointPayloads/B.json": payload.replacingOccurrences(of: "/items", with: "items"),
        ])
        #expect(spec == nil)
        #expect(
            lines.contains(
                "Descriptions/EndpointPayloads/B.json:1:3: error: this payload becomes endpoint 'items', like an "
                    + "earlier one; endpoint names come from the paths\n"
                    + "Descriptions/EndpointPayloads/A.json:1:3: note: 'items' is described here"))
    }

    @Test func anIdentifierTakenFromARelationshipIsNone() throws {
        let relationship =
            #"{ "name": "owner", "property_type": { "entity_name": "item", "association": "to_one", "#
            + #""id_only": true } }"#
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(""),
            "Descriptions/Entities/Share.json": #"{ "name": "share", "identifier": { "type": "property", "#
                + #""property_name": "owner" }, "properties": [\#(relationship)] }"#,
        ])
        #expect(
            lines == [
                "Descriptions/Entities/Share.json:1:73: warning: entity 'share' takes its identifier from its "
                    + "relationship 'owner', which lucid-gen cannot; it has no identifier"
            ])
        let text = try #require(spec)
        #expect(text.contains("  share:\n    # Lucid takes the identifier from relationship owner; none here.\n"))
        #expect(text.contains("owner: { type: item, id_only: true, key: owner_id }"))
    }

    @Test func descriptionTextCannotInjectYAML() {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(#"{ "name": "x\noutput: /", "property_type": "string" }"#)
        ])
        #expect(spec == nil)
        #expect(
            lines.contains { $0.contains("the converted spec: property name 'x\\u{A}output: /' is not a valid name") })
    }

    /// A line or paragraph separator ends a YAML comment: description text quoted in one (an unused case's name)
    /// used to end it early and the rest of the line became spec keys.
    @Test func lineSeparatorsInDescriptionTextCannotEndAComment() throws {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(#"{ "name": "kind", "property_type": "kind" }"#),
            "Descriptions/Subtypes/Kind.json":
                #"{ "name": "kind", "cases": ["a"], "unused_cases": ["b\#u{2028}c: 1", "d\#u{2029}e"] }"#,
        ])
        #expect(lines.isEmpty)
        let text = try #require(spec)
        #expect(text.contains("    cases: [a]  # unused in Lucid, which fails to decode them: b c: 1, d e\n"))
    }

    /// An endpoint's name is its key in the spec: one that YAML reads as something other than a string (`null`, a
    /// YAML 1.1 boolean) is quoted, as subtype, entity and property names already were. A plain `null:` made the
    /// converted spec fail to lint.
    @Test func endpointNamesYAMLWouldMisreadAreQuoted() throws {
        let payload = #"{ "name": "/null", "read": { "entity": { "entity_name": "item", "structure": "single" } } }"#
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(""),
            "Descriptions/EndpointPayloads/A.json": payload,
            "Descriptions/EndpointPayloads/B.json": payload.replacingOccurrences(of: "/null", with: "/yes"),
        ])
        #expect(!lines.contains { $0.contains("error") }, "\(lines)")
        let text = try #require(spec)
        #expect(text.contains("\n      \"null\":\n        get: /null  # TODO"))
        #expect(text.contains("\n      \"yes\":\n        get: /yes  # TODO"))
    }

    /// A type name YAML would misread (an alias, a quote inside the brackets of a list) is quoted and escaped, so that
    /// the converted spec says what is wrong with the type rather than failing to parse.
    @Test func typeNamesAreQuotedWhereYAMLNeedsIt() {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(
                #"{ "name": "a", "property_type": "*alias" }, { "name": "b", "property_type": "[x\"y]" }"#)
        ])
        #expect(spec == nil)
        #expect(lines.contains { $0.contains("the converted spec: '*alias' is not a type (in 'a: \"*alias\"')") })
        #expect(
            lines.contains {
                $0.contains(#"the converted spec: '[x"y]' is not a type (in 'b: { type: "[x\"y]", failable_items"#)
            }, "\(lines)")
    }

    @Test func whatTheConvertedSpecCannotLintIsAnError() {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(#"{ "name": "kind", "property_type": "missing_subtype" }"#)
        ])
        #expect(spec == nil)
        #expect(lines.contains { $0.contains("error: the converted spec: unknown type 'missing_subtype'") })
        #expect(lines.contains { $0.hasSuffix("(in 'kind: missing_subtype')") })
    }

    @Test func theSmallestProjectImportsToASpecThatLints() throws {
        let (spec, lines) = importing([
            "Descriptions/Entities/Item.json": entity(#"{ "name": "title", "property_type": "string" }"#)
        ])
        #expect(lines.isEmpty)
        let text = try #require(spec)
        #expect(text.contains("entities:\n  item:\n    identifier: int\n    properties:\n      title: string\n"))
        #expect(!text.contains("services:"))
        #expect(SpecLoader().load(yaml: text, file: "s.lucid.yaml").diagnostics.isEmpty)
    }
}
