import Foundation
import Testing

@testable import LucidCodeGen

/// The templates compiled into the binary are exactly the files in Templates/ (`make templates` syncs them).
@Suite struct EmbeddedTemplatesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates").path

    @Test func embeddedCopiesEqualTheTemplatesFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
            $0.hasSuffix(".mustache")
        }
        var onDisk: [String: String] = [:]
        for file in files {
            onDisk[String(file.dropLast(".mustache".count))] = try String(
                contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
        }
        #expect(onDisk.keys.sorted() == EmbeddedTemplates.all.keys.sorted(), "run `make templates`")
        for (name, text) in onDisk {
            #expect(
                EmbeddedTemplates.all[name] == text,
                "Templates/\(name).mustache differs from the embedded copy: run `make templates`")
        }
    }

    @Test func everyEmbeddedTemplateParses() throws {
        _ = try TemplateSet.embedded()
    }
}
