#if os(macOS) || os(Linux)
import Foundation
import LucidSpec
import LucidTestSupport
import Testing

/// docs/lucid.schema.json accepts every valid spec in the repository: the examples' and golden cases' specs with the
/// files they include, the README's and docs' snippets that are whole specs, and the specs the benchmarks' generators
/// write. An editor must never flag a spec that `lucid-gen lint` accepts. (The fuzzer's specs: `SpecFuzzerSchemaTests`.)
@Suite struct SpecSchemaValidSpecsTests {
    static let root = SpecSchema.packageRoot

    /// `Examples/**/*.lucid.yaml` (outside build folders) and `Tests/Golden/*/Spec/*.lucid.yaml`.
    static let rootSpecs: [String] = {
        var specs: [String] = []
        let examples = root.appendingPathComponent("Examples")
        let walker = FileManager.default.enumerator(
            at: examples, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            if url.lastPathComponent == ".build" || url.lastPathComponent == "Generated" {
                walker?.skipDescendants()
            } else if url.lastPathComponent.hasSuffix(".lucid.yaml") {
                specs.append(url.path)
            }
        }
        let golden = root.appendingPathComponent("Tests/Golden")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [] {
            let folder = golden.appendingPathComponent(name).appendingPathComponent("Spec")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where file.hasSuffix(".lucid.yaml") {
                specs.append(folder.appendingPathComponent(file).path)
            }
        }
        return specs.sorted()
    }()

    @Test func repositorySpecsAndTheirIncludesValidate() throws {
        #expect(Self.rootSpecs.count >= 10, "found \(Self.rootSpecs.count) specs")
        var roots: [(name: String, json: String)] = []
        var included: [(name: String, json: String)] = []
        for path in Self.rootSpecs {
            let result = SpecLoader().load(path: path)
            let spec = try #require(result.spec, "\(path) does not lint: \(result.diagnostics)")
            let examples = Set(spec.services.flatMap(\.endpoints).compactMap(\.example))
            roots.append(try Self.document(path))
            for file in result.files.dropFirst() where !examples.contains(file) {
                included.append(try Self.document(file))
            }
        }
        #expect(included.count >= 3, "the examples include files; found \(included.count)")
        try Self.expectValid(roots, schema: SpecSchema.specSchema)
        try Self.expectValid(included, schema: SpecSchema.includeSchema)
    }

    /// The ```yaml blocks of README.md and docs/*.md that `SpecLoader` loads without errors are whole specs; the
    /// others (fragments, a spec shown with its errors) are not checked.
    @Test func documentedSpecsValidate() throws {
        var markdown = [Self.root.appendingPathComponent("README.md")]
        let docs = Self.root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() where name.hasSuffix(".md")
        {
            markdown.append(docs.appendingPathComponent(name))
        }
        var documents: [(name: String, json: String)] = []
        var blocks = 0
        for file in markdown {
            for (line, yaml) in Self.yamlBlocks(of: try String(contentsOf: file, encoding: .utf8)) {
                blocks += 1
                let name = "\(file.lastPathComponent):\(line)"
                let fileName = file.deletingLastPathComponent().appendingPathComponent("snippet.lucid.yaml").path
                guard SpecLoader().load(yaml: yaml, file: fileName).spec != nil else { continue }
                documents.append((name, try #require(SpecSchema.json(ofYAML: Array(yaml.utf8), file: name))))
            }
        }
        print(
            "docs: \(documents.count) of \(blocks) yaml blocks are whole specs that lint clean: "
                + documents.map(\.name).joined(separator: ", "))
        #expect(documents.count >= 3, "README's tour and schema hookup, and Spec.md's minimal spec at least")
        try Self.expectValid(documents, schema: SpecSchema.specSchema)
    }

    /// `Benchmarks/make_scale_spec.py` (the scale benchmark's spec) and `lint_bench.py`'s large spec.
    @Test func benchmarkSpecsValidate() throws {
        let benchmarks = Self.root.appendingPathComponent("Benchmarks").path
        let scale = try Self.python([benchmarks + "/make_scale_spec.py", "3"])
        let large = try withTemporaryFolder { folder in
            try Self.python([
                "-B", "-c",
                "import sys; sys.path.insert(0, sys.argv[1]); import lint_bench; "
                    + "sys.stdout.write(open(lint_bench.make_large_spec(sys.argv[2], 5)).read())",
                benchmarks, folder.path,
            ])
        }
        var documents: [(name: String, json: String)] = []
        for (name, yaml) in [("make_scale_spec.py 3", scale), ("lint_bench.make_large_spec", large)] {
            let result = SpecLoader().load(yaml: yaml, file: name)
            #expect(result.spec != nil, "\(name) does not lint: \(result.diagnostics)")
            documents.append((name, try #require(SpecSchema.json(ofYAML: Array(yaml.utf8), file: name))))
        }
        try Self.expectValid(documents, schema: SpecSchema.specSchema)
    }

    // MARK: - Helpers

    static func document(_ path: String) throws -> (name: String, json: String) {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let name = path.replacingOccurrences(of: root.path + "/", with: "")
        return (name, try #require(SpecSchema.json(ofYAML: Array(bytes), file: path), "\(name) is not one document"))
    }

    static func expectValid(
        _ documents: [(name: String, json: String)], schema: URL,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let results = try SpecSchema.errors(of: documents, schema: schema)
        #expect(results.count == documents.count, sourceLocation: sourceLocation)
        for (name, errors) in results.sorted(by: { $0.key < $1.key }) where !errors.isEmpty {
            let message =
                "\(name) is a valid spec, but \(schema.lastPathComponent) rejects it:\n"
                + errors.joined(separator: "\n")
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// The body of each ```yaml block with the line its fence is on.
    static func yamlBlocks(of markdown: String) -> [(line: Int, yaml: String)] {
        var blocks: [(Int, String)] = []
        var current: (line: Int, lines: [Substring])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append((block.line, block.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if trimmed == "```yaml" {
                current = (index + 1, [])
            }
        }
        return blocks
    }

    /// Runs python3 with `arguments`; its standard output.
    static func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self)
    }
}
#endif
