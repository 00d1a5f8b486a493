import Foundation
import LucidSpec
import LucidSupport

/// `lucid-gen dump SPEC`: print the resolved model as stable, pretty JSON.
enum Dump {
    static func run(spec path: String, console: Console) -> ExitCode {
        let result = SpecLoader().load(path: path)
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        console.out(json(spec))
        return .success
    }

    /// Keys sorted and snake_cased, slashes unescaped: the same spec always dumps to the same bytes. `JSONEncoder`
    /// encodes, the tool's one JSON writer lays out (numbers as encoded).
    static func json(_ spec: Spec) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Every model value is encodable, and what JSONEncoder writes is JSON.
        guard let data = try? encoder.encode(spec), let node = try? JSONParser.parse(Array(data)) else { return "{}" }
        return node.serialized()
    }
}
