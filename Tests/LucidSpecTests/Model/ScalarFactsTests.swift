import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// What cannot be derived from the scalar table (`ScalarType.facts`) is compared with it here, so that a new scalar
/// type fails a test until each place is updated: the lists of scalars in docs/lucid.schema.json and Scripts/fuzz.dict,
/// the scalar tables of docs/Spec.md and docs/Generated.md, the reserved Swift type names, and the golden case
/// `Scalars`, which compiles every scalar as a property, required, nullable and with a default.
@Suite struct ScalarFactsTests {
    static let package = PackagePaths.root

    static func text(_ path: String) throws -> String {
        try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
    }

    static let names = ScalarType.allCases.map(\.rawValue)

    /// Every list of scalar names in the schema (an `enum`, or a `not: { enum }` of names a type may not take) is
    /// one the table gives: all scalars, the identifier types (with `none`) or the header types (with `links`).
    @Test func schemaListsOfScalarsAreTheTables() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(Self.text("docs/lucid.schema.json").utf8))
        let identifiers = ScalarType.identifierTypes.map(\.rawValue)
        let allowed: [[String]] = [
            Self.names, identifiers, ["none"] + identifiers,
            ResponseHeader.HeaderType.scalars.map(\.rawValue) + ["links"],
        ]
        var lists: [[String]] = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                object.values.forEach(walk)
            } else if let list = node as? [Any] {
                if let strings = list as? [String], strings.filter(Self.names.contains).count >= 3 {
                    lists.append(strings)
                }
                list.forEach(walk)
            }
        }
        walk(schema)
        #expect(lists.count >= 9, "the walk found only \(lists)")
        for list in lists {
            #expect(allowed.contains(list), "docs/lucid.schema.json lists \(list), which is none of \(allowed)")
        }
        // The schema's lists of every scalar: the type itself and the names a subtype or an entity may not take.
        #expect(lists.filter { $0 == Self.names }.count >= 6)
    }

    /// `make fuzz` splices in every scalar name.
    @Test func fuzzDictionaryHasEveryScalar() throws {
        let entries = Set(try Self.text("Scripts/fuzz.dict").split(separator: "\n").map(String.init))
        let missing = Self.names.filter { !entries.contains("\"\($0)\"") }
        #expect(missing.isEmpty, "add these scalar types to Scripts/fuzz.dict: \(missing)")
    }

    /// docs/Spec.md §6.4 has one row per scalar, in the enum's order.
    @Test func specScalarTableHasARowPerScalar() throws {
        let rows = try Self.tableRows(in: Self.text("docs/Spec.md"), after: "### 6.4 Scalar types")
        #expect(rows == Self.names.map { "`\($0)`" })
    }

    /// docs/Spec.md §6.7 says which default each scalar takes (but `file_upload`, which is never in JSON), and
    /// docs/Generated.md's "Types" table which Swift type each becomes.
    @Test func defaultsAndGeneratedTypesTablesNameEveryScalar() throws {
        let defaults = try Self.tableRows(in: Self.text("docs/Spec.md"), after: "### 6.7 Defaults").joined(
            separator: " ")
        let types = try Self.tableRows(in: Self.text("docs/Generated.md"), after: "## Types").joined(separator: " ")
        for scalar in ScalarType.allCases where scalar.facts.json != .none {
            #expect(defaults.contains("`\(scalar.rawValue)`"), "docs/Spec.md §6.7 has no default for \(scalar)")
            #expect(types.contains("`\(scalar.rawValue)`"), "docs/Generated.md's Types table lacks \(scalar)")
        }
    }

    /// Each scalar's Swift type is one no spec type may take, or a spec type of that name would shadow it.
    @Test func swiftTypesAreReservedNames() {
        for scalar in ScalarType.allCases {
            #expect(SwiftNaming.reservedTypeNames.contains(scalar.facts.swiftType), "\(scalar)")
        }
    }

    /// The golden case `Scalars` (compiled with warnings as errors, its example decoding tests run) holds every
    /// scalar that JSON carries as a required, a nullable and a defaulted property: the generated Swift type, its
    /// decoding and its default literal are then compiled and run for each.
    @Test func goldenScalarsCaseCoversEveryScalar() throws {
        let result = SpecLoader().load(path: Self.package.path + "/Tests/Golden/Scalars/Spec/scalars.lucid.yaml")
        let spec = try #require(result.spec, "\(result.diagnostics)")
        func properties(_ name: String) -> [Property] {
            guard case .structure(let properties)? = spec.subtypes.first(where: { $0.name == name })?.kind else {
                return []
            }
            return properties
        }
        for scalar in ScalarType.allCases where scalar.facts.json != .none {
            let type = TypeReference.scalar(scalar)
            #expect(properties("required_values").contains { $0.type == type && !$0.nullable }, "\(scalar)")
            #expect(properties("nullable_values").contains { $0.type == type && $0.nullable }, "\(scalar)")
            #expect(
                properties("default_values").contains { $0.type == type && $0.defaultValue != nil }, "\(scalar)")
        }
    }

    /// The derived lists keep the order of the enum, which messages and the schema show.
    @Test func derivedListsFollowTheTable() {
        #expect(ScalarType.identifierTypes == ScalarType.allCases.filter(\.facts.identifies))
        #expect(ResponseHeader.HeaderType.scalars == ScalarType.allCases.filter(\.facts.inHeaders))
        #expect(ScalarType.identifierTypes.allSatisfy { $0.facts.isSimpleValue && $0.facts.coding == .plain })
    }

    /// The first cells of the rows of the first table after `heading`.
    static func tableRows(in text: String, after heading: String) throws -> [String] {
        let start = try #require(text.range(of: heading + "\n"), "no heading '\(heading)'")
        var rows: [String] = []
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                inTable = true
                let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                rows.append(cells.count > 1 ? cells[1].trimmingCharacters(in: .whitespaces) : "")
            } else if inTable {
                break
            }
        }
        return Array(rows.dropFirst(2))  // the header row and the separator
    }
}
