import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// Each scalar type through OpenAPI and back: `lucid-gen openapi` describes it (LucidExport's `OpenAPISchemas`),
/// `import-openapi` reads that description as the scalar `importedAs` says. A new scalar type is named by the
/// compiler in `importedAs`, which then asks what the import makes of its export.
@Suite struct ScalarOpenAPITests {
    /// The scalar a property of type `scalar` is after export and import, nil for one no JSON value holds. One case
    /// per scalar (no `default:`), so that a new scalar type is named here by the compiler.
    static func importedAs(_ scalar: ScalarType) -> ScalarType? {
        switch scalar {
        // `data` is exported as OpenAPI 3.1's `contentEncoding: base64`, which the import reads as 3.0's `format: byte`.
        case .string, .int, .int64, .double, .float, .bool, .date, .url, .uuid, .data: return scalar
        // OpenAPI has no decimal or duration: a number with `x-lucid-type` or `x-lucid-unit`, which the import
        // does not read (docs/OpenAPIImport.md, "What a round trip loses").
        case .decimal, .seconds, .milliseconds: return .double
        // A string with a pattern.
        case .color: return .string
        // Only in a multipart body, as a binary string (OpenAPIConstructTests).
        case .fileUpload: return nil
        }
    }

    @Test func everyScalarComesBackAsTheTableSays() throws {
        let scalars = ScalarType.allCases.filter { Self.importedAs($0) != nil }
        let yaml =
            "lucid: 1\nmodule: Shop\nservers: { api: https://example.com }\nsubtypes:\n  all_scalars:\n    properties:\n"
            + scalars.map { "      v_\($0.rawValue): \($0.rawValue)\n" }.joined()
            + "services:\n  shop:\n    endpoints:\n      all:\n        get: /all\n        response: { type: all_scalars }\n"
        try withTemporaryFolder("scalar-openapi") { folder throws in
            let spec = try OpenAPICommandTests.write(yaml, in: folder)
            let document = folder.appendingPathComponent("openapi.json").path
            let export = CapturedConsole.run(["openapi", spec, "--output", document])
            try #require(export.code == .success, "\(export.err)")
            let imported = folder.appendingPathComponent("imported.lucid.yaml").path
            let result = CapturedConsole.run(["import-openapi", document, "--output", imported])
            try #require(result.code == .success, "\(result.err)")
            let loaded = SpecLoader().load(path: imported)
            let spec2 = try #require(loaded.spec, "\(loaded.diagnostics)")
            let properties = spec2.subtypes.compactMap { subtype -> [Property]? in
                guard case .structure(let properties) = subtype.kind else { return nil }
                return properties.contains { $0.name == "v_string" } ? properties : nil
            }.first
            let types = Dictionary(uniqueKeysWithValues: (properties ?? []).map { ($0.name, $0.type) })
            for scalar in scalars {
                let expected = Self.importedAs(scalar).map(TypeReference.scalar)
                #expect(types["v_\(scalar.rawValue)"] == expected, "\(scalar)")
            }
        }
    }
}
