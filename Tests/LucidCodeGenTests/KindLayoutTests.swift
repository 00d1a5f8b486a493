import Foundation
import Testing

@testable import LucidCodeGen
@testable import LucidOutput

/// The default layout: one file per kind, top-level files kept, long kinds in parts of similar length.
@Suite struct KindLayoutTests {
    static let header = GeneratedHeader.text(specFile: "shop.lucid.yaml")

    static func file(
        _ path: String, _ body: String, imports: [String] = ["Foundation", "LucidRuntime"]
    ) -> GeneratedFile {
        FixedLayoutTests.file(path, body, imports: imports)
    }

    static let files = [
        file("Subtypes/Kind.swift", "enum Kind {}", imports: ["Foundation"]),
        file("Entities/Order.swift", "struct Order {}\n\nextension Order: Codable {}"),
        file("Entities/Item.swift", "struct Item {}"),
        file("ShopServers.swift", "enum ShopServers {}", imports: ["LucidRuntime"]),
        file("ResponseHandling/ShopResponseHandling.swift", "protocol ShopResponseHandling {}"),
    ]

    @Test func oneFilePerKindBesideTheTopLevelFiles() {
        let bundled = KindLayout().bundle(Self.files, header: Self.header)
        #expect(
            bundled.map(\.path) == ["Entities.swift", "ResponseHandling.swift", "ShopServers.swift", "Subtypes.swift"])
        let entities = bundled[0].contents
        #expect(
            entities
                == Self.header + "\n\nimport Foundation\nimport LucidRuntime\n\n" + GeneratedHeader.runtimeCheck
                + "\n\nstruct Item {}\n\nstruct Order {}\n\nextension Order: Codable {}\n"
        )
        #expect(bundled[2].path == Self.files[3].path, "a top-level file keeps its name")
        #expect(
            bundled[2].contents == Self.header + "\n\nimport LucidRuntime\n\n" + GeneratedHeader.runtimeCheck
                + "\n\nenum ShopServers {}\n", "and gets the runtime check as every file that imports LucidRuntime")
    }

    /// A kind of one declaration reads exactly as that declaration's own file did.
    @Test func aLoneDeclarationKeepsItsText() {
        let bundled = KindLayout().bundle([Self.files[0]], header: Self.header)
        #expect(bundled == [GeneratedFile(path: "Subtypes.swift", contents: Self.files[0].contents)])
    }

    @Test func aLongKindIsSplitIntoPartsOfSimilarLength() throws {
        // 40 declarations of 101 lines (and a blank line before each; the header and imports are written once per
        // part): 4,080 lines, 3 parts.
        let body = (1...99).map { "    let value\($0): Int" }.joined(separator: "\n")
        let names = (1...40).map { String(format: "Item%02d", $0) }
        let files = names.map { Self.file("Clients/\($0).swift", "struct \($0) {\n\(body)\n}") }
        let bundled = KindLayout().bundle(files, header: Self.header)
        #expect(bundled.map(\.path) == ["Clients1.swift", "Clients2.swift", "Clients3.swift"])
        let lengths = bundled.map { $0.contents.split(separator: "\n", omittingEmptySubsequences: false).count }
        #expect(
            lengths.allSatisfy { $0 <= KindLayout.maxLines } && lengths.max()! - lengths.min()! <= 110, "\(lengths)")
        // Consecutive declarations, in name order, each exactly once.
        let order = bundled.flatMap { part in
            part.contents.split(separator: "\n").filter { $0.hasPrefix("struct ") }.map {
                String($0.dropFirst(7).prefix(6))
            }
        }
        #expect(order == names)
    }

    /// Parts are sized by what their lines cost to compile, so that every file keeps a core about equally busy:
    /// the same 4,080 lines make 4 entity parts, 3 client parts and 2 service parts.
    @Test func partsOfCostlierKindsAreShorter() {
        let body = (1...99).map { "    let value\($0): Int" }.joined(separator: "\n")
        let names = (1...40).map { String(format: "Item%02d", $0) }
        var counts: [String: Int] = [:]
        for kind in ["Entities", "Clients", "Services"] {
            let files = names.map { Self.file("\(kind)/\($0).swift", "struct \($0) {\n\(body)\n}") }
            counts[kind] = KindLayout().bundle(files, header: Self.header).count
        }
        #expect(counts == ["Entities": 4, "Clients": 3, "Services": 2])
        #expect(KindLayout.maxLines(of: "Entities") < KindLayout.maxLines(of: "BusinessControllers"))
        #expect(KindLayout.maxLines(of: "BusinessControllers") < KindLayout.maxLines(of: "Clients"))
        #expect(KindLayout.maxLines(of: "Auth") == KindLayout.maxLines)
    }

    @Test func partNumbersSortInPartOrder() {
        #expect(KindLayout.fileName(kind: "Entities", part: 1, of: 1) == "Entities.swift")
        #expect(KindLayout.fileName(kind: "Entities", part: 2, of: 9) == "Entities2.swift")
        let names = (1...12).map { KindLayout.fileName(kind: "Payloads", part: $0, of: 12) }
        #expect(names.first == "Payloads01.swift" && names.last == "Payloads12.swift" && names == names.sorted())
    }

    @Test func aDeclarationLongerThanAPartHasOneToItself() {
        let long = (1...(KindLayout.maxLines * 2)).map { "// \($0)" }.joined(separator: "\n")
        let files = [
            Self.file("Clients/AClient.swift", "struct AClient {}"),
            Self.file("Clients/BClient.swift", "struct BClient {}\n" + long),
            Self.file("Clients/CClient.swift", "struct CClient {}"),
        ]
        // Three parts' worth of lines: the long declaration's part holds it alone.
        #expect(KindLayout.parts(files).map { $0.map(\.path) } == files.map { [$0.path] })
    }

    /// One long declaration file (one service's client in a big spec) is cut at its top-level declarations, each
    /// with the file's imports; `#if` blocks and multi-line string literals stay whole, however their lines look.
    @Test func aLongFileIsCutAtItsTopLevelDeclarations() {
        let body = """
            struct Client {
                var call: () -> Int
            }

            /// The preview.
            extension Client {
                static let text = \"\"\"
            }

            text
            \"\"\"
            }

            #if canImport(SwiftUI)
            }

            extension Client {}
            #endif

            extension Client {}
            """
        let file = Self.file("Clients/Client.swift", body)
        let pieces = KindLayout.declarations(of: file, maxLines: 5)
        let head = "import Foundation\nimport LucidRuntime\n\n"
        #expect(pieces.map(\.path) == Array(repeating: "Clients/Client.swift", count: 4))
        #expect(
            pieces.map(\.contents) == [
                head + "struct Client {\n    var call: () -> Int\n}\n",
                head + "/// The preview.\nextension Client {\n    static let text = \"\"\"\n}\n\ntext\n\"\"\"\n}\n",
                head + "#if canImport(SwiftUI)\n}\n\nextension Client {}\n#endif\n",
                head + "extension Client {}\n",
            ])
        #expect(KindLayout.declarations(of: file, maxLines: 30) == [file], "a short file stays whole")
        let hidden = Self.file(
            "Clients/Client.swift", body.replacingOccurrences(of: "var call", with: "private var call"))
        #expect(KindLayout.declarations(of: hidden, maxLines: 5) == [hidden], "what is private stays in its file")
    }
}
