import LucidSpec

/// `lucid-gen lint SPEC`: validate a spec and print its diagnostics, then an `ok` line, on standard error.
enum Lint {
    /// `quiet`: print nothing when the spec is valid (diagnostics are still printed). `unreadKeys`: warn of every key
    /// of an example's objects that no property reads.
    static func run(spec path: String, quiet: Bool = false, unreadKeys: Bool = false, console: Console) -> ExitCode {
        var loader = SpecLoader()
        loader.reportsUnreadExampleKeys = unreadKeys
        let result = loader.load(path: path)
        report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        if quiet { return .success }
        let endpoints = spec.services.reduce(0) { $0 + $1.endpoints.count }
        let counts = [
            count(spec.subtypes.count { $0.instance == nil }, "subtype"),
            count(spec.entities.count, "entity", "entities"),
            count(spec.services.count, "service"), count(endpoints, "endpoint"),
        ]
        // A status line, like every command's summary: standard output is for a command's product only.
        console.err("\(path): ok (\(counts.joined(separator: ", ")))")
        return .success
    }

    /// Prints diagnostics to standard error and a count line when there are any.
    static func report(_ diagnostics: [Diagnostic], console: Console) {
        for line in reportLines(diagnostics) { console.err(line) }
    }

    /// Each diagnostic, then the counts; nothing for none.
    static func reportLines(_ diagnostics: [Diagnostic]) -> [String] {
        guard !diagnostics.isEmpty else { return [] }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return diagnostics.map(\.description) + ["\(count(errors, "error")), \(count(warnings, "warning"))"]
    }

    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
