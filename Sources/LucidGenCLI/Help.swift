/// Help texts, one per command, in the style of compilers' `--help`.
enum Help {
    static let exitCodes = """
        EXIT CODES:
          0  success (warnings may have been printed)
          1  the spec has errors (printed as file:line:col: error: message), or --check found files to change
          2  the command line is wrong
        """

    static let general = """
        OVERVIEW: lucid-gen turns a .lucid.yaml API spec into a Swift networking layer.

        USAGE: lucid-gen <command> [options]

        COMMANDS:
          lint SPEC [--quiet]
                       Check a spec and print every problem as file:line:col: error: message.
          dump SPEC    Print the resolved spec (after includes, anchors and defaults) as JSON.
          generate SPEC [--output DIR] [--tests DIR [--tests-module NAME]] [--templates DIR]
                        [--files-per-kind N] [--input-file-list FILE] [--output-file-list FILE]
                        [--check] [--quiet | --verbose]
                       Write the Swift code the spec describes.

        OPTIONS:
          -h, --help   Show help; 'lucid-gen help <command>' shows a command's help.
          --version    Show the version.

        \(exitCodes)
        """

    static func usage(for command: Subcommand) -> String {
        switch command {
        case .lint: return "lucid-gen lint SPEC [--quiet]"
        case .dump: return "lucid-gen dump SPEC"
        case .generate:
            return "lucid-gen generate SPEC [--output DIR] [--tests DIR [--tests-module NAME]] [--templates DIR] "
                + "[--files-per-kind N] [--input-file-list FILE] [--output-file-list FILE] [--check] [--quiet | --verbose]"
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

                OPTIONS:
                  --quiet           Print nothing but diagnostics (no 'ok' line).
                """
        case .dump:
            overview = """
                Prints the spec as lucid-gen understands it: includes merged, anchors and merge keys expanded,
                names resolved and defaults applied, as pretty JSON with sorted keys. Useful to see what an
                include or an anchor really produced. Diagnostics go to standard error.
                """
        case .generate:
            overview = """
                Writes the Swift code SPEC describes into the output folder (the spec's 'output', relative to
                the spec file, unless --output is given): entities, subtypes, response payloads, services,
                business controllers, clients, auth schemes, servers, the error payload decoder and the
                response handling of queued endpoints, one declaration per file, grouped by kind. With
                --tests, a Swift Testing suite that decodes every 'example:' body goes to a second folder, for
                a test target. Only files whose bytes change are written, so an
                unchanged regeneration touches nothing; generated files that are no longer produced are
                deleted, only those the folder's manifest (.lucid-gen-files) records as written by lucid-gen,
                so other files are never touched. Nothing is written when the
                spec has errors.

                OPTIONS:
                  --output DIR      Write into DIR instead of the spec's 'output' folder.
                  --tests DIR       Also write the example decoding tests into DIR (none without examples).
                  --tests-module NAME
                                    The module the tests import with @testable (default: the spec's 'module').
                  --templates DIR   Use DIR/NAME.mustache instead of the built-in template NAME.
                  --files-per-kind N
                                    Spread the declarations over exactly N files per kind, named
                                    LucidGen_<Kind>_<i>.swift, every one written (for build-tool plugins,
                                    which must name their output files before the tool runs).
                  --input-file-list FILE
                                    Also write FILE, an Xcode .xcfilelist of every file generation read (the
                                    spec, its includes, example bodies, overriding templates).
                  --output-file-list FILE
                                    Also write FILE, an .xcfilelist of every file generated. In both lists a
                                    path under $SRCROOT (else the current folder) is written as $(SRCROOT)/...;
                                    a list is rewritten only when it changes.
                  --check           Write nothing; list the files that would change (in both folders, and the
                                    file lists) and exit 1 if any would.
                  --quiet           Print nothing but diagnostics.
                  --verbose         Also print each file written or deleted.

                Unless --quiet, one line sums up each folder (files written, unchanged, deleted) and the time.
                """
        }
        return "OVERVIEW: \(overview)\n\nUSAGE: \(usage(for: command))\n\n\(exitCodes)"
    }
}
