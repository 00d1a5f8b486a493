import Foundation
import LucidSpec

/// `lucid-gen dump SPEC`: print the resolved model as stable, pretty JSON.
enum Dump {
    static func run(spec path: String, console: Console) -> ExitCode {
        let result = SpecLoader().load(path: path)
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        console.out(json(spec))
        return .success
    }

    /// Keys sorted and snake_cased, slashes unescaped: the same spec always dumps to the same bytes.
    static func json(_ spec: Spec) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(spec) else { return "{}" }  // every model value is encodable
        return JSONFormatter.pretty(String(decoding: data, as: UTF8.self))
    }
}
