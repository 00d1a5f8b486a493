/// One option of a command: the one place its name, value, usage and help are written. The argument parser,
/// the usage lines and the help texts are all derived from `Subcommand.options`.
struct CommandOption {
    /// `--output`.
    var name: String
    /// The value's placeholder (`DIR`), nil for a flag.
    var value: String?
    /// How the option stands in the usage line; nil when another option's fragment already shows it (`--tests`
    /// shows `--tests-module`).
    var usage: String?
    /// The help text, one line per element, already wrapped.
    var help: [String]

    init(_ name: String, _ value: String? = nil, usage: String?? = .none, help: [String]) {
        self.name = name
        self.value = value
        self.usage = usage ?? "[\(name)\(value.map { " " + $0 } ?? "")]"
        self.help = help
    }

    /// `  --output DIR      Write into ...`: the name in an 18-column field, or alone on its line when longer.
    var helpLines: [String] {
        let label = "  " + name + (value.map { " " + $0 } ?? "")
        let indent = String(repeating: " ", count: 20)
        guard label.count < 20 else { return [label] + help.map { indent + $0 } }
        let first = label + String(repeating: " ", count: 20 - label.count) + (help.first ?? "")
        return [first] + help.dropFirst().map { indent + $0 }
    }
}

extension Subcommand {
    /// Every option of the command, in the order help lists them.
    var options: [CommandOption] {
        switch self {
        case .lint:
            return [
                CommandOption("--quiet", help: ["Print nothing but diagnostics (no 'ok' line)."]),
                CommandOption(
                    "--unread-keys",
                    help: [
                        "Also warn of every key of an example's entity and struct objects that no",
                        "property reads (off by default: real APIs send many).",
                    ]),
            ]
        case .dump, .graph, .initialize: return []
        case .generate: return Self.generateOptions
        case .importLucid: return Self.importLucidOptions
        case .importOpenAPI:
            return Self.importLucidOptions + [
                CommandOption(
                    "--overlay", "FILE",
                    help: [
                        "Merge FILE, your hand edits, over the converted spec (default with --output:",
                        "<spec>.overlay.yaml beside it, when it exists). See docs/OpenAPIImport.md.",
                    ]),
                CommandOption(
                    "--ref-root", "DIR",
                    help: [
                        "Follow $refs to files under DIR (default: the document's folder); a $ref to",
                        "any other file is an error, and that file is never read.",
                    ]),
            ]
        case .openapi:
            return [
                CommandOption(
                    "--output", "FILE",
                    help: [
                        "Write the document to FILE instead of standard output (missing folders are",
                        "created); a FILE lucid-gen did not export is never replaced.",
                    ])
            ]
        }
    }

    /// The usage line's options, in order.
    var usageFragments: [String] { options.compactMap(\.usage) }

    private static let importLucidOptions = [
        CommandOption(
            "--output", "FILE", usage: "[--output FILE [--force]]",
            help: ["Write the spec to FILE instead of standard output; an existing FILE is kept."]),
        CommandOption(
            "--force", usage: .some(nil),
            help: ["Replace FILE when an earlier import wrote it (a spec you wrote is never replaced)."]),
    ]

    private static let generateOptions = [
        CommandOption("--output", "DIR", help: ["Write into DIR instead of the spec's 'output' folder."]),
        CommandOption(
            "--tests", "DIR", usage: "[--tests DIR [--tests-module NAME]]",
            help: ["Also write the example decoding tests into DIR (none without examples)."]),
        CommandOption(
            "--tests-module", "NAME", usage: .some(nil),
            help: ["The module the tests import with @testable (default: the spec's 'module')."]),
        CommandOption("--templates", "DIR", help: ["Use DIR/NAME.mustache instead of the built-in template NAME."]),
        CommandOption(
            "--files-per-kind", "N",
            help: [
                "Spread the declarations over exactly N files per kind, named",
                "LucidGen_<Kind>_<i>.swift, every one written (for build-tool plugins,",
                "which must name their output files before the tool runs).",
            ]),
        CommandOption(
            "--input-file-list", "FILE",
            help: [
                "Also write FILE, an Xcode .xcfilelist of every file generation read (the",
                "spec, its includes, example bodies, overriding templates).",
            ]),
        CommandOption(
            "--output-file-list", "FILE",
            help: [
                "Also write FILE, an .xcfilelist of every file generated. In both lists a",
                "path under $SRCROOT (else the current folder) is written as $(SRCROOT)/...;",
                "a list is rewritten only when it changes.",
            ]),
        CommandOption(
            "--check",
            help: [
                "Write nothing; list the files that would change (in both folders, and the",
                "file lists) and exit 1 if any would.",
            ]),
        CommandOption("--quiet", usage: "[--quiet | --verbose]", help: ["Print nothing but diagnostics."]),
        CommandOption("--verbose", usage: .some(nil), help: ["Also print each file written or deleted."]),
    ]
}
