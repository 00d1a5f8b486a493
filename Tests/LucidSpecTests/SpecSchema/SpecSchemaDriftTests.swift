import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// docs/lucid.schema.json says what the decoders read: each object definition has exactly the keys of its `SpecKeys`
/// enum, every `SpecKeys` enum has a definition, and each closed value set is its Swift enum's cases. A key or a
/// value added to a decoder without the schema (or the other way round) fails here.
@Suite struct SpecSchemaDriftTests {
    static let schemaURL = PackagePaths.root.appendingPathComponent("docs/lucid.schema.json")
    static let decodingFolder = PackagePaths.root.appendingPathComponent("Sources/LucidSpec/Decoding")

    /// A schema object definition (`#` for the root: a spec), the `SpecKeys` enum that names its keys, and the keys
    /// it may have (all of the enum's, or the part of them its role allows).
    struct Row: CustomTestStringConvertible {
        let definition: String
        let keys: String
        let names: [String]

        init(_ definition: String, _ keys: String, _ names: [String]) {
            (self.definition, self.keys, self.names) = (definition, keys, names)
        }

        var testDescription: String { "\(definition) ↔ \(keys)" }
    }

    static let table: [Row] = [
        Row("#", "SpecDecoder.Key", SpecDecoder.Key.names),
        Row("included_file", "SpecDecoder.Key", SpecDecoder.sectionKeys.map(\.rawValue)),
        Row("auth_scheme", "SpecDecoder.AuthKey", SpecDecoder.AuthKey.names),
        Row("auth_alternatives", "AuthDecoder.Key", AuthDecoder.Key.names),
        Row("server_with_variables", "SpecDecoder.ServerKey", SpecDecoder.ServerKey.names),
        Row("server_variable", "SpecDecoder.VariableKey", SpecDecoder.VariableKey.names),
        Row("subtype", "SubtypeDecoder.Key", SubtypeDecoder.Key.names),
        Row("enum_case", "SubtypeDecoder.CaseKey", SubtypeDecoder.CaseKey.names),
        Row("union_case", "UnionDecoder.CaseKey", UnionDecoder.CaseKey.names),
        Row("inline_union", "UnionDecoder.InlineKey", UnionDecoder.InlineKey.names),
        Row("entity", "EntityDecoder.Key", EntityDecoder.Key.names),
        Row("identifier", "EntityDecoder.IdentifierKey", EntityDecoder.IdentifierKey.names),
        Row("property", "PropertyDecoder.Key", PropertyDecoder.Role.property.keys.map(\.rawValue)),
        Row("entity_metadata", "PropertyDecoder.Key", PropertyDecoder.Role.entityMetadata.keys.map(\.rawValue)),
        Row("response_metadata", "PropertyDecoder.Key", PropertyDecoder.Role.metadata.keys.map(\.rawValue)),
        Row("path_parameter", "PropertyDecoder.Key", PropertyDecoder.Role.pathParameter.keys.map(\.rawValue)),
        Row("query_item", "PropertyDecoder.Key", PropertyDecoder.Role.queryItem.keys.map(\.rawValue)),
        Row("request_header", "PropertyDecoder.Key", PropertyDecoder.Role.header.keys.map(\.rawValue)),
        Row("service", "ServiceDecoder.Key", ServiceDecoder.Key.names),
        Row("endpoint", "EndpointDecoder.Key", EndpointDecoder.Key.names),
        Row("body", "EndpointDecoder.BodyKey", EndpointDecoder.BodyKey.names),
        Row("cache", "EndpointDecoder.CacheKey", EndpointDecoder.CacheKey.names),
        Row("paging", "PagingDecoder.Key", PagingDecoder.Key.names),
        Row("stream", "TransferDecoder.StreamKey", TransferDecoder.StreamKey.names),
        Row("download", "TransferDecoder.DownloadKey", TransferDecoder.DownloadKey.names),
        Row("queue", "QueueDecoder.Key", QueueDecoder.Key.names),
        Row("retry", "QueueDecoder.RetryKey", QueueDecoder.RetryKey.names),
        Row("response", "ResponseDecoder.Key", ResponseDecoder.Key.names),
        Row("response_entity", "ResponseDecoder.EntityKey", ResponseDecoder.EntityKey.names),
        Row("response_header", "ResponseHeaderDecoder.Key", ResponseHeaderDecoder.Key.names),
        Row("entity_store", "StoreDecoder.EntityKey", StoreDecoder.EntityKey.names),
        Row("endpoint_store", "StoreDecoder.EndpointKey", StoreDecoder.EndpointKey.names),
    ]

    /// Read once; never mutated (so `nonisolated(unsafe)` is safe: `[String: Any]` is not `Sendable`).
    nonisolated(unsafe) static let schema: [String: Any] = {
        let data = (try? Data(contentsOf: schemaURL)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }()

    /// The definition `name`, or the root for `#`.
    static func definition(_ name: String) -> [String: Any] {
        name == "#" ? schema : (schema["definitions"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    /// The value at a path of keys (strings) and indexes (integers) from `object`.
    static func value(_ object: Any, _ path: [Any]) -> Any? {
        path.reduce(object as Any?) { current, step in
            if let key = step as? String { return (current as? [String: Any])?[key] }
            if let index = step as? Int, let list = current as? [Any], list.indices.contains(index) {
                return list[index]
            }
            return nil
        }
    }

    @Test func schemaIsReadable() {
        #expect(Self.schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
    }

    @Test(arguments: table)
    func definitionHasTheKeysOfItsEnum(_ row: Row) {
        let properties = Self.definition(row.definition)["properties"] as? [String: Any] ?? [:]
        let missing = Set(row.names).subtracting(properties.keys).sorted()
        let extra = Set(properties.keys).subtracting(row.names).sorted()
        #expect(missing.isEmpty, "\(row.definition) lacks \(row.keys) keys \(missing)")
        #expect(extra.isEmpty, "\(row.definition) has keys \(extra) that \(row.keys) does not")
    }

    /// Every `SpecKeys` enum in the decoding sources (`Outer.Inner` for a nested one) is in the table.
    @Test func tableListsEverySpecKeysEnum() throws {
        var found: Set<String> = []
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.decodingFolder.path)
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.decodingFolder.appendingPathComponent(file), encoding: .utf8)
            var outer: String?
            for line in text.split(separator: "\n") {
                if let match = line.firstMatch(of: /^(?:\w+ )*(?:struct|enum|class|extension) (\w+)/) {
                    outer = String(match.1)
                }
                if let match = line.firstMatch(of: /^\s+(?:\w+ )*enum (\w+)\s*:[^{]*\bSpecKeys\b/), let outer {
                    found.insert("\(outer).\(match.1)")
                } else if let match = line.firstMatch(of: /^(?:\w+ )*(?:enum|extension) ([\w.]+)\s*:[^{]*\bSpecKeys\b/)
                {
                    found.insert(String(match.1))
                }
            }
        }
        #expect(found.count >= 15, "the scan found only \(found.sorted())")
        let listed = Set(Self.table.map(\.keys))
        #expect(
            found.subtracting(listed).isEmpty, "add these SpecKeys enums to the table: \(found.subtracting(listed))")
        #expect(
            listed.subtracting(found).isEmpty, "the table names enums the sources lack: \(listed.subtracting(found))")
    }

    /// The union of the property roles' keys is every property key.
    @Test func everyPropertyKeyHasARole() {
        let roles: [PropertyDecoder.Role] = [
            .property, .entityMetadata, .metadata, .pathParameter, .queryItem, .header,
        ]
        #expect(Set(roles.flatMap(\.keys)) == Set(PropertyDecoder.Key.allCases))
    }

    // MARK: - Closed value sets

    @Test func closedValueSetsAreTheSwiftEnums() {
        func values(_ definition: String, _ path: [Any]) -> [String] {
            Self.value(Self.definition(definition), path) as? [String] ?? []
        }
        #expect(values("scalar_type", ["enum"]) == ScalarType.allCases.map(\.rawValue))
        #expect(values("#", ["properties", "access", "enum"]) == AccessLevel.allCases.map(\.rawValue))
        // Payload structures come from the Swift enum, so a change to them shows here.
        #expect(
            values("response_entity", ["properties", "structure", "enum"])
                == EntityPayload.Structure.allCases.map(\.rawValue))
        #expect(values("query_item", ["properties", "style", "enum"]) == QueryStyle.allCases.map(\.rawValue))
        #expect(values("queue", ["properties", "order", "enum"]) == QueueOptions.Order.allCases.map(\.rawValue))
        #expect(values("identifier", ["properties", "type", "enum"]) == ScalarType.identifierTypes.map(\.rawValue))
        #expect(
            values("entity", ["properties", "identifier", "anyOf", 0, "enum"])
                == ["none"] + ScalarType.identifierTypes.map(\.rawValue))
        #expect(
            values("response_header_type", ["anyOf", 0, "enum"])
                == ResponseHeader.HeaderType.scalars.map(\.rawValue) + ["links"])
        #expect(Set(values("date_format", ["anyOf", 0, "enum"])) == Set(DateFormat.namedFormats.keys))
    }

    /// The keys of which exactly one is written: an endpoint's method, a subtype's kind.
    @Test func exactlyOneOfKeysAreTheSwiftOnes() {
        func alternatives(_ definition: String) -> [String] {
            (Self.definition(definition)["oneOf"] as? [[String: Any]] ?? []).compactMap {
                ($0["required"] as? [String])?.first
            }
        }
        #expect(alternatives("endpoint") == HTTPMethod.allCases.map(\.specKey))
        #expect(alternatives("subtype") == SubtypeDecoder.kindKeys.map(\.rawValue))
    }

    /// Patterns that list the scalar types list all of them (`(?:string|int|...)`), every scalar type has its rule
    /// for defaults, and every payload structure a rule names exists.
    @Test func patternsAndRulesNameCurrentValues() {
        var patterns: [String] = []
        var structures: [String] = []
        func walk(_ node: Any, key: String?) {
            if let object = node as? [String: Any] {
                if let pattern = object["pattern"] as? String { patterns.append(pattern) }
                if key == "structure", let value = object["const"] as? String { structures.append(value) }
                for (key, child) in object { walk(child, key: key) }
            } else if let list = node as? [Any] {
                for child in list { walk(child, key: nil) }
            }
        }
        walk(Self.schema, key: nil)
        let scalars = "(?:" + ScalarType.allCases.map(\.rawValue).joined(separator: "|") + ")"
        let headerTypes =
            "(?:" + (ResponseHeader.HeaderType.scalars.map(\.rawValue) + ["links"]).joined(separator: "|") + ")"
        for pattern in patterns where pattern.contains("(?:string|int|") {
            #expect(
                pattern.contains(scalars) || pattern.contains(headerTypes),
                "the pattern \(pattern) lists other scalar types than \(scalars)")
        }
        let defaultRules = Self.value(Self.definition("default_rules"), ["allOf"]) as? [Any] ?? []
        let conditions = defaultRules.compactMap { Self.value($0, ["if", "properties", "type", "pattern"]) as? String }
        for scalar in ScalarType.allCases {
            #expect(conditions.contains(#"^ *\#(scalar.rawValue) *(?:\? *)?$"#), "no default rule for \(scalar)")
        }
        #expect(!structures.isEmpty)
        for structure in structures {
            #expect(
                EntityPayload.Structure(rawValue: structure) != nil,
                "a rule names the payload structure '\(structure)', which is no longer one")
        }
    }
}
