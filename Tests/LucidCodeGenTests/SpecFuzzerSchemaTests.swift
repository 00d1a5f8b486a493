#if os(macOS) || os(Linux)
import LucidSpec
import LucidTestSupport
import Testing

/// docs/lucid.schema.json accepts every random spec of `SpecFuzzer` that lints clean: keywords, runtime type names,
/// quoted names such as `"true"`, every scalar in every position it may take.
@Suite struct SpecFuzzerSchemaTests {
    @Test func fuzzedSpecsThatLintValidate() throws {
        var documents: [(name: String, json: String)] = []
        // 64 seeds, then more (up to 256) until 8 lint clean: which seeds do moves whenever a name pool does (every
        // new runtime type is a reserved name the fuzzer draws).
        var seed: UInt64 = 0
        while seed < 64 || (documents.count < 8 && seed < 256) {
            seed += 1
            var fuzzer = SpecFuzzer(seed: seed)
            let yaml = fuzzer.spec(module: "Fuzz\(seed)")
            let name = "fuzz seed \(seed)"
            guard SpecLoader().load(yaml: yaml, file: "fuzz.lucid.yaml").spec != nil else { continue }
            documents.append((name, try #require(SpecSchema.json(ofYAML: Array(yaml.utf8), file: name))))
        }
        print("fuzzer: \(documents.count) of \(seed) random specs lint clean and are checked against the schema")
        #expect(documents.count >= 8, "too few random specs lint clean to say anything")
        for (name, errors) in try SpecSchema.errors(of: documents) where !errors.isEmpty {
            Issue.record(
                Comment(rawValue: "\(name) lints clean, but the schema rejects it:\n" + errors.joined(separator: "\n")))
        }
    }
}
#endif
