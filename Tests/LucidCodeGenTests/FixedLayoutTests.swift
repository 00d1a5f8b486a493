import Foundation
import Testing

@testable import LucidCodeGen
@testable import LucidOutput

/// The fixed layout of build-tool plugins: known file names, every declaration exactly once, stable placement.
@Suite struct FixedLayoutTests {
    static let header = GeneratedHeader.text(specFile: "shop.lucid.yaml")

    static func file(
        _ path: String, _ body: String, imports: [String] = ["Foundation", "LucidRuntime"]
    ) -> GeneratedFile {
        GeneratedFile(
            path: path,
            contents: header + "\n\n" + imports.map { "import \($0)" }.joined(separator: "\n") + "\n\n" + body + "\n")
    }

    static let files = [
        file("Entities/Item.swift", "struct Item {}"),
        file("Entities/Order.swift", "struct Order {}\n\nextension Order: Codable {}"),
        file("Subtypes/Kind.swift", "enum Kind {}", imports: ["Foundation"]),
        file("ShopServers.swift", "enum ShopServers {}", imports: ["LucidRuntime"]),
        file("ResponseHandling/ShopResponseHandling.swift", "protocol ShopResponseHandling {}"),
    ]

    @Test func namesEveryFileOfEveryKind() {
        let names = FixedLayout(filesPerKind: 3).fileNames
        #expect(names.count == 3 * FixedLayout.kinds.count && Set(names).count == names.count)
        #expect(names.first == "LucidGen_Auth_0.swift" && names.last == "LucidGen_Subtypes_2.swift")
        #expect(names == names.sorted())
    }

    @Test func everyDeclarationLandsOnceUnderOneHeader() throws {
        let bundled = try FixedLayout(filesPerKind: 2).bundle(Self.files, header: Self.header)
        #expect(bundled.map(\.path) == FixedLayout(filesPerKind: 2).fileNames)
        let all = bundled.map(\.contents).joined()
        for declaration in [
            "struct Item {}", "struct Order {}", "extension Order: Codable {}", "enum Kind {}", "enum ShopServers {}",
            "protocol ShopResponseHandling {}",
        ] {
            #expect(all.components(separatedBy: declaration).count == 2, "\(declaration)")
        }
        for file in bundled {
            #expect(
                file.contents.components(separatedBy: GeneratedHeader.marker).count == 2, "one header in \(file.path)")
            #expect(!file.contents.contains("\n\n\n"), "no double blank lines in \(file.path)")
        }
        let servers = try #require(bundled.first { $0.contents.contains("enum ShopServers") })
        #expect(servers.path.hasPrefix("LucidGen_Module_") && servers.contents.contains("import LucidRuntime\n"))
        let empty = bundled.filter { !$0.contents.contains("{}") }
        #expect(
            empty.allSatisfy { $0.contents == Self.header + "\n" }, "a file without declarations holds the header only")
    }

    @Test func mergedFilesShareTheirImportsOnce() {
        let merged = FixedLayout.merge([Self.files[0], Self.files[2]], header: Self.header)
        #expect(
            merged == Self.header + "\n\nimport Foundation\nimport LucidRuntime\n\n" + GeneratedHeader.runtimeCheck
                + "\n\nstruct Item {}\n\nenum Kind {}\n")
    }

    /// Imports are sorted by module, not by line (`@_spi(Generated) import LucidRuntime` after `import Foundation`),
    /// and the SPI import of a module wins over a plain one (an overriding template's), once.
    @Test func mergedImportsAreSortedByModuleAndKeepTheSPI() {
        let spi = GeneratedFile(
            path: "Entities/Item.swift",
            contents: Self.header + "\n\nimport Foundation\n@_spi(Generated) import LucidRuntime\n\nstruct Item {}\n")
        let plain = Self.file("Subtypes/Kind.swift", "enum Kind {}", imports: ["LucidRuntime", "Dispatch"])
        let merged = FixedLayout.merge([plain, spi], header: Self.header)
        #expect(
            merged.hasPrefix(
                Self.header + "\n\nimport Dispatch\nimport Foundation\n@_spi(Generated) import LucidRuntime\n\n"
                    + GeneratedHeader.runtimeCheck + "\n\nenum Kind {}\n"), "\(merged)")
    }

    @Test func addingADeclarationChangesOneFile() throws {
        let layout = FixedLayout(filesPerKind: 4)
        let before = try layout.bundle(Self.files, header: Self.header)
        let after = try layout.bundle(
            Self.files + [Self.file("Entities/Zebra.swift", "struct Zebra {}")], header: Self.header)
        let changed = zip(before, after).filter { $0.contents != $1.contents }.map(\.1.path)
        #expect(changed.count == 1 && changed[0].hasPrefix("LucidGen_Entities_"))
        // FNV-1a's published test values: placement never depends on the process or the platform.
        #expect(
            FixedLayout.stableHash("") == 0xcbf2_9ce4_8422_2325 && FixedLayout.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func anUnknownKindIsAnError() {
        #expect(throws: GenerationError.self) {
            try FixedLayout(filesPerKind: 1).bundle(
                [Self.file("Elsewhere/Thing.swift", "struct Thing {}")], header: Self.header)
        }
    }

    /// The build-tool plugin cannot link LucidCodeGen, so it spells the layout's file names itself.
    @Test func thePluginDeclaresTheSameFileNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let source = try String(
            contentsOf: root.appendingPathComponent("Plugins/Shared/PluginSupport.swift"), encoding: .utf8)
        let start = try #require(source.range(of: "static let kinds = ["))
        let end = try #require(source.range(of: "]", range: start.upperBound..<source.endIndex))
        let kinds = source[start.upperBound..<end.lowerBound].split(separator: "\"").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(kinds == FixedLayout.kinds)
        #expect(source.contains(#""LucidGen_\(kind)_\($0).swift""#))
        #expect(FixedLayout.fileName(kind: "Auth", index: 3) == "LucidGen_Auth_3.swift")
    }
}
