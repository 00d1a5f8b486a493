import Foundation
import LucidSpec
import Testing

@testable import LucidCodeGen

/// The reserved type names are kept in step with what they protect: a spec type of one of those names would
/// shadow a type the generated code means. Both lists are derived here from their sources, so a new runtime type
/// or a template naming a new standard type fails a test until `SwiftNaming` covers it.
@Suite struct ReservedNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `folder` (relative to the repository).
    static func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// The top-level public types LucidRuntime declares (`public struct X`, `public protocol Y`, ...).
    static func runtimePublicTypes() throws -> Set<String> {
        let declaration = try Regex(
            #"^(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)"#)
        var names = Set<String>()
        for file in swiftFiles(under: "Sources/LucidRuntime") {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = try declaration.firstMatch(in: line), let name = match.output[1].substring {
                    names.insert(String(name))
                }
            }
        }
        return names
    }

    @Test func everyRuntimePublicTypeIsReserved() throws {
        let types = try Self.runtimePublicTypes()
        #expect(types.count > 30, "the scan found too few runtime types: \(types.sorted())")
        let missing = types.subtracting(SwiftNaming.runtimeTypeNames)
        #expect(missing.isEmpty, "add to SwiftNaming.runtimeTypeNames: \(missing.sorted())")
        let stale = SwiftNaming.runtimeTypeNames.subtracting(types)
        #expect(
            stale.isEmpty, "no longer LucidRuntime types, remove from SwiftNaming.runtimeTypeNames: \(stale.sorted())")
    }

    /// The capitalised identifiers Swift code refers to, without string literals and comments.
    static func typeReferences(in source: String) throws -> Set<String> {
        var text = source
        let patterns = [
            ##"#+"""[\s\S]*?"""#+"##, ##""""[\s\S]*?""""##, ##"#+"[^\n]*?"#+"##, ##""(\\.|[^"\\\n])*""##,
            ##"//[^\n]*"##,
            // An SPI group (`@_spi(Generated) import LucidRuntime`) is not a type: a spec's type cannot shadow it.
            ##"@_spi\(\w+\)"##,
        ]
        for pattern in patterns {
            text = text.replacing(try Regex(pattern), with: "")
        }
        // A capital after a letter, digit, dot or backtick continues a name or is a member (`.ID`, `` `Self` ``).
        let identifier = try Regex(#"(?:^|[^\w.`])([A-Z][A-Za-z0-9_]*)"#)
        return Set(text.matches(of: identifier).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// Each golden case's generated code (and its example tests) names only the types its spec makes
    /// (`GeneratedNames`), the nested ones, and reserved ones.
    @Test(arguments: GoldenTests.cases)
    func goldenCodeNamesOnlyReservedOrGeneratedTypes(_ name: String) throws {
        let result = SpecLoader().load(path: try GoldenTests.spec(of: name))
        let spec = try #require(result.spec)
        let names = GeneratedNames(spec: spec)
        let generated = Set(names.declarations(of: spec, moduleLocation: .start(of: "")).map(\.typeName))
            .union([names.exampleTests, "Golden" + name])
            .union(spec.subtypes.flatMap(\.typeParameters).map(names.typeParameter))
            // Nested in their server's struct, where only that struct's code names them.
            .union(
                spec.servers.flatMap(\.variables).filter { !$0.allowedValues.isEmpty }.map {
                    names.serverVariableEnum($0.name)
                })
        var referenced = Set<String>()
        for folder in ["Generated", "GeneratedTests"] {
            for file in Self.swiftFiles(under: "Tests/Golden/\(name)/\(folder)") {
                referenced.formUnion(try Self.typeReferences(in: String(contentsOf: file, encoding: .utf8)))
            }
        }
        let unprotected = referenced.subtracting(generated).subtracting(SwiftNaming.reservedTypeNames)
        #expect(unprotected.isEmpty, "generated code names types a spec could shadow: \(unprotected.sorted())")
    }

    /// The scan sees through literals and comments, and finds references.
    @Test func typeReferencesSkipLiteralsAndComments() throws {
        let source = #"""
            let a: Movie = Movie(title: "Title (Int)") // Comment
            let b = #"{"Raw": 1}"#
            let c = Lazy<Genre>.requested(.some)
            """#
        #expect(try Self.typeReferences(in: source) == ["Movie", "Lazy", "Genre"])
    }
}
