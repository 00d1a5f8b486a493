import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// The steps of CONTRIBUTING's "Adding a spec key" that nothing else would notice when forgotten. Each key a
/// decoder reads (every `SpecKeys` enum: `SpecSchemaDriftTests.table`, which a scan of the sources keeps
/// complete) must be documented in docs/Spec.md and be a word of `Scripts/fuzz.dict`; and every stored property
/// of the model must reach `lucid-gen dump` (a property without its `CodingKeys` case is silently left out).
@Suite struct SpecKeyPathTests {
    static let package = PackagePaths.root.path

    /// Every key of every decoder, once.
    static let keys: [String] = {
        var seen: Set<String> = []
        return SpecSchemaDriftTests.table.flatMap(\.names).filter { seen.insert($0).inserted }
    }()

    @Test func everyKeyIsInSpecMarkdown() throws {
        let text = try String(contentsOfFile: Self.package + "/docs/Spec.md", encoding: .utf8)
        // Written as code: `key`, `key:` or `key: value`.
        let undocumented = Self.keys.filter { key in
            !text.contains("`\(key)`") && !text.contains("`\(key):")
        }
        #expect(Self.keys.count > 50)
        #expect(undocumented == [], "docs/Spec.md never names these keys as code")
    }

    @Test func everyKeyIsAFuzzDictionaryWord() throws {
        let dictionary = try String(contentsOfFile: Self.package + "/Scripts/fuzz.dict", encoding: .utf8)
        let words = Set(
            dictionary.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") }
                .map { String($0.dropFirst().dropLast()) })
        #expect(Self.keys.filter { !words.contains($0) } == [], "add these keys to Scripts/fuzz.dict")
    }

    // MARK: - Dump

    /// Stored properties the dump writes under another key (in its `CodingKeys` or its `encode(to:)`).
    static let dumpedAs: [String: [String: String]] = [
        // Spelled as in the spec: a name, a list, or `{"any_of": [...]}` (the key of alternatives).
        "LucidSpec.AuthRequirement": ["alternatives": "any_of"],
        "LucidSpec.Entity": ["identifierNullable": "identifier"],  // `{"type", "key", "nullable": true}`
        "LucidSpec.Property": ["keyPath": "key", "queryStyle": "style"],
        "LucidSpec.Server.Variable": ["defaultValue": "default", "allowedValues": "enum"],
        "LucidSpec.Subtype": ["inlineOwner": "inline", "instance": "instance_of", "typeParameters": "generic"],
    ]

    /// Stored properties deliberately not dumped, and why. Besides these, a property named `…Location` or
    /// `…Locations` is where a part is written, kept for diagnostics: the dump gives each value's `location` only.
    static let notDumped: [String: Set<String>] = [
        // How the value was written: for resolution and diagnostics only.
        "LucidSpec.Endpoint": ["origin"],
        // A note for validation: an unknown key may have been a misspelled `identifier`.
        "LucidSpec.Entity": ["identifierUnread"],
        "LucidSpec.Service": ["origin"],
        "LucidSpec.Property": ["origin"],
        // A `name: null` that removes an outer fixed value: resolution drops it from the merged lists.
        "LucidSpec.FixedParameter": ["removes"],
        // The spec's own fixed values and form list convention, which endpoints carry merged (and are dumped
        // there); the example bodies' text, kept for the generator (the endpoints' `example` paths are dumped).
        "LucidSpec.Spec": ["fixed", "formLists", "exampleBodies"],
        // A decoding note for validation.
        "LucidSpec.Union": ["hasUnreadCases"],
        // Where each paging key is written, for diagnostics.
        "LucidSpec.EndpointPaging": ["locations"],
        // Where the store's keys are written, for diagnostics.
        "LucidSpec.EndpointStorage": ["locations"],
        "LucidSpec.EntityStorage": ["location", "newerLocation"],
        // Dumped as one `file:line:col` string.
        "LucidSpec.SourceLocation": ["file", "line", "column"],
    ]

    /// What a walk of the loaded model saw of one type.
    struct Seen {
        /// Every stored property.
        var labels: Set<String> = []
        /// Stored properties that held a value (not nil) somewhere.
        var set: Set<String> = []
        /// Keys its encoding had somewhere, compared without case and underscores.
        var encoded: Set<String> = []
    }

    /// Every model type's stored properties reach the dump: encoding each struct value of the models of every
    /// golden case, the Movies example and `rest` alone, its keys must include each stored property (`Mirror`)
    /// that holds a value; and each stored property must hold a value somewhere, so that none goes unchecked.
    @Test func everyStoredPropertyReachesTheDump() throws {
        let specs = try Self.richSpecs()
        #expect(specs.count >= 10)
        var seen: [String: Seen] = [:]
        let loads = specs.map { SpecLoader().load(path: $0) } + [SpecLoader().load(yaml: Self.rest, file: "rest.yaml")]
        for result in loads {
            let spec = try #require(result.spec, "\(result.diagnostics)")
            try Self.walk(spec, into: &seen)
        }
        #expect(seen["LucidSpec.Endpoint"]?.set.contains("deprecated") == true, "the walk saw no deprecated endpoint")
        for type in seen.keys.sorted() {
            let entry = seen[type]!
            let unset = entry.labels.subtracting(entry.set).sorted()
            #expect(unset == [], "no spec sets these stored properties of \(type): set them in a golden case")
            let renamed = Self.dumpedAs[type] ?? [:]
            let dropped = entry.set.filter { label in
                !entry.encoded.contains(Self.folded(renamed[label] ?? label)) && !label.hasSuffix("Location")
                    && !label.hasSuffix("Locations")
            }
            .subtracting(Self.notDumped[type] ?? []).sorted()
            #expect(dropped == [], "\(type) leaves these stored properties out of the dump: add them to its CodingKeys")
        }
    }

    /// The keys no golden case sets (a golden case would change its output to add them).
    static let rest = """
        lucid: 1
        module: Rest
        form_lists: brackets
        servers:
          api: https://api.example.com
        services:
          things:
            endpoints:
              count:
                head: /things
                response: { headers: { total: { type: int, key: X-Total, description: How many there are. } } }
        """

    /// The golden cases' specs and the Movies example's: together they set nearly every key.
    static func richSpecs() throws -> [String] {
        let golden = package + "/Tests/Golden"
        let cases = try FileManager.default.contentsOfDirectory(atPath: golden).filter { !$0.hasPrefix(".") }.sorted()
        let specs = try cases.flatMap { name in
            try FileManager.default.contentsOfDirectory(atPath: "\(golden)/\(name)/Spec")
                .filter { $0.hasSuffix(".lucid.yaml") }.map { "\(golden)/\(name)/Spec/\($0)" }
        }
        return specs + [package + "/Examples/Movies/Sources/Movies/movies.lucid.yaml"]
    }

    static func folded(_ name: String) -> String { name.lowercased().replacingOccurrences(of: "_", with: "") }

    /// Walks `value` and everything it holds; records each LucidSpec struct's set properties and encoded keys.
    static func walk(_ value: Any, into seen: inout [String: Seen]) throws {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let wrapped = mirror.children.first { try walk(wrapped.value, into: &seen) }
            return
        }
        let type = String(reflecting: Swift.type(of: value))
        if mirror.displayStyle == .struct, type.hasPrefix("LucidSpec."), let encodable = value as? any Encodable {
            var entry = seen[type] ?? Seen()
            for child in mirror.children {
                guard let label = child.label else { continue }
                entry.labels.insert(label)
                let held = Mirror(reflecting: child.value)
                // Nil and empty collections may be left out of an encoding: only a value shows a forgotten key.
                let styles: [Mirror.DisplayStyle] = [.optional, .collection, .dictionary, .set]
                let isEmpty = held.displayStyle.map(styles.contains) == true && held.children.isEmpty
                if !isEmpty { entry.set.insert(label) }
            }
            entry.encoded.formUnion(try encodedKeys(encodable).map(folded))
            seen[type] = entry
        }
        for child in mirror.children { try walk(child.value, into: &seen) }
    }

    /// The top-level keys of `value` encoded as JSON, as `dump` encodes it.
    static func encodedKeys(_ value: any Encodable) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(value)
        return ((try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) as? [String: Any])?
            .keys.map { $0 } ?? []
    }
}
