import LucidExport
import LucidSpec

/// `lucid-gen graph SPEC`: print the spec's entities, subtypes, relationships and services as Graphviz DOT.
enum Graph {
    static func run(spec path: String, console: Console) -> ExitCode {
        let result = SpecLoader().load(path: path)
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        console.out(SpecGraph(spec: spec).dot())
        return .success
    }
}
