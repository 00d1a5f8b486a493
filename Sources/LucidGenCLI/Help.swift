/// Help texts, one per command, in the style of compilers' `--help`.
enum Help {
    static let exitCodes = """
        EXIT CODES:
          0  success (warnings may have been printed)
          1  the spec has errors (printed as file:line:col: error: message)
          2  the command line is wrong
        """

    static let general = """
        OVERVIEW: lucid-gen turns a .lucid.yaml API spec into a Swift networking layer.

        USAGE: lucid-gen <command> [options]

        COMMANDS:
          lint SPEC    Check a spec and print every problem as file:line:col: error: message.
          dump SPEC    Print the resolved spec (after includes, anchors and defaults) as JSON.

        OPTIONS:
          -h, --help   Show help; 'lucid-gen help <command>' shows a command's help.
          --version    Show the version.

        \(exitCodes)
        """

    static func usage(for command: Subcommand) -> String {
        switch command {
        case .lint: return "lucid-gen lint SPEC"
        case .dump: return "lucid-gen dump SPEC"
        }
    }

    static func text(for command: Subcommand) -> String {
        let overview: String
        switch command {
        case .lint:
            overview = """
                Checks SPEC and every file it includes. All problems are reported in one run, sorted by file and
                position, as file:line:col: severity: message, so editors and build systems can jump to them.
                Warnings do not fail the check.
                """
        case .dump:
            overview = """
                Prints the spec as lucid-gen understands it: includes merged, anchors and merge keys expanded,
                names resolved and defaults applied, as pretty JSON with sorted keys. Useful to see what an
                include or an anchor really produced. Diagnostics go to standard error.
                """
        }
        return "OVERVIEW: \(overview)\n\nUSAGE: \(usage(for: command))\n\n\(exitCodes)"
    }
}
