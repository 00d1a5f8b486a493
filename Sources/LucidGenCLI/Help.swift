/// Help texts, one per command, in the style of compilers' `--help`.
enum Help {
    static let exitCodes = """
        EXIT CODES:
          0  success (warnings may have been printed)
          1  the spec has errors (printed as file:line:col: error: message), or the command could not do its work
             (each command's help says what)
          2  the command line is wrong
        """

    /// The exit codes of `command`: what makes it exit 1 is its own.
    static func exitCodes(for command: Subcommand) -> String {
        let failure: String
        var usage = "the command line is wrong"
        switch command {
        case .lint, .dump, .graph:
            failure = "the spec has errors (printed as file:line:col: error: message)"
        case .generate:
            failure = """
                the spec has errors (printed as file:line:col: error: message), --check found files to
                     change, a path holds a file lucid-gen may not write over (nothing is written then), or a
                     folder cannot be written
                """
        case .openapi:
            failure = """
                the spec has errors (printed as file:line:col: error: message), or FILE is a file lucid-gen
                     did not export, or cannot be written
                """
            usage = "the command line is wrong, or FILE is a file the spec is read from"
        case .initialize:
            failure = """
                DIR (or a folder on the way to it) is not a folder, a file init would write exists, or a file
                     cannot be written
                """
        case .importLucid:
            failure = """
                the descriptions have errors (printed as file:line:col: error: message), FILE exists
                     (without --force), is not a spec an import wrote, or cannot be written
                """
        case .importOpenAPI:
            failure = """
                the document cannot be imported (printed as file:line:col: error: message), FILE exists
                     (without --force), is not a spec an import wrote, or cannot be written
                """
        }
        return """
            EXIT CODES:
              0  success (warnings may have been printed)
              1  \(failure)
              2  \(usage)
            """
    }

    static let general = """
        OVERVIEW: lucid-gen turns a .lucid.yaml API spec into a Swift networking layer.

        USAGE: lucid-gen <command> [options]

        COMMANDS:
        \(commandLines(.lint, "Check a spec and print every problem as file:line:col: error: message."))
        \(commandLines(.dump, "Print the resolved spec (after includes, anchors and defaults) as JSON."))
        \(commandLines(.generate, "Write the Swift code the spec describes."))
        \(commandLines(.graph, "Print the spec's entities, relationships and services as Graphviz DOT."))
        \(commandLines(.initialize, "Write a starter spec, its example body and a Swift file into DIR, never over a file."))
        \(commandLines(.importLucid, "Convert a Lucid description folder (JSON) into one spec."))
        \(commandLines(.importOpenAPI, "Convert an OpenAPI 3.0 or 3.1 document (JSON or YAML) into one spec."))
        \(commandLines(.openapi, "Print the OpenAPI 3.1 document (JSON) of the spec's services."))

        OPTIONS:
          -h, --help   Show help; 'lucid-gen help <command>' shows a command's help.
          --version    Show the version.

        \(exitCodes)
        """

    /// A command's lines in the general help: its usage, wrapped to 100 columns, then its summary.
    private static func commandLines(_ command: Subcommand, _ summary: String) -> String {
        var lines = ["  \(command.rawValue) \(command.operand.usage)"]
        for fragment in command.usageFragments {
            if lines[lines.count - 1].count + 1 + fragment.count > 100 {
                lines.append(String(repeating: " ", count: 16))
            }
            lines[lines.count - 1] += (lines[lines.count - 1].hasSuffix(" ") ? "" : " ") + fragment
        }
        if lines.count == 1, lines[0].count < 15 {
            return lines[0] + String(repeating: " ", count: 15 - lines[0].count) + summary
        }
        return (lines + [String(repeating: " ", count: 15) + summary]).joined(separator: "\n")
    }

    static func usage(for command: Subcommand) -> String {
        (["lucid-gen \(command.rawValue) \(command.operand.usage)"] + command.usageFragments).joined(separator: " ")
    }

    /// The command's OPTIONS section, or nothing for a command without options.
    private static func optionsSection(_ command: Subcommand) -> String {
        guard !command.options.isEmpty else { return "" }
        return "\n\nOPTIONS:\n" + command.options.flatMap(\.helpLines).joined(separator: "\n")
    }

    static func text(for command: Subcommand) -> String {
        let overview: String
        var trailer = ""
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
        case .openapi:
            overview = """
                Prints the OpenAPI 3.1 document of SPEC's services as JSON (or writes it to FILE): servers and
                their environments, one operation per endpoint (operationId Service.method, tagged with its
                service) with its parameters, request body, responses (the payload inside the objects its
                base_key walks through, response headers, the error payload for other statuses) and security,
                and components for subtypes, entities and auth schemes. What OpenAPI cannot say is kept in
                x-lucid-... extensions. Nothing is printed when the spec has errors; an endpoint repeating
                another's method and path is left out with a warning.
                """
        case .generate:
            overview = """
                Writes the Swift code SPEC describes into the output folder (the spec's 'output', relative to
                the spec file, unless --output is given): entities, subtypes, response payloads, services,
                business controllers, clients, auth schemes, servers, the error payload decoder and the
                response handling of queued endpoints, one file per kind (Entities.swift, Clients.swift, ...;
                a long kind in parts of similar compile cost: Entities1.swift, Entities2.swift, ...). With
                --tests, a Swift Testing suite that decodes every 'example:' body goes to a second folder, for
                a test target. Only files whose bytes change are written, so an unchanged regeneration
                touches nothing. A file is replaced or deleted only when it was generated from this spec (its
                first line is the spec's header): when anything else is where a generated file goes (your own
                file, another spec's, a link, a folder, a file that cannot be read), nothing at all is written,
                and every such path is named. Generated files no longer produced are deleted: only those the
                spec's manifest (.SPEC.lucid-gen-files) records. Nothing is written when the spec has errors.
                """
            trailer = generateTrailer
        case .graph:
            overview = graphOverview
        case .initialize:
            overview = initOverview
        case .importLucid:
            overview = """
                Converts a Lucid project (Scribd's Lucid: DIR holds its .lucid.yaml, whose input_path names
                the folder of Entities, Subtypes and EndpointPayloads JSON descriptions) into one .lucid.yaml
                spec that decodes the same JSON the way Lucid's generated code did. What lucid-gen has no
                equivalent for (Core Data persistence, versions, platforms, objc, ...) is reported as a
                file:line:col warning, never dropped silently. Lucid's endpoint payloads name no method,
                server or auth: each endpoint gets 'get: /<name>' (or its http_method) on a placeholder
                server, marked '# TODO' in the spec and reported. The spec is linted before it is written,
                and nothing is written when the descriptions have errors.
                """
        case .importOpenAPI:
            overview = """
                Converts an OpenAPI 3.0 or 3.1 document (JSON or YAML, one file or several joined by
                relative $refs) into one .lucid.yaml spec: the first server, security schemes as auth, tags
                as services, operations as endpoints (parameters, request body, the 2xx response, a shared
                error payload, guessed paging) and schemas as subtypes, unions and entities (an object with
                an identifier). Everything the spec has no equivalent for yet is reported as a warning
                located in the document (file:line:col), never dropped silently, and the command ends with
                a summary line. Swagger 2.0 documents and $refs to URLs (nothing is fetched) are errors.
                The spec is linted before it is written, and nothing is written on error.
                With --output, the first success response's example of each operation is written as a JSON
                file under examples/ beside the spec, which the endpoint names ('example:'), so lint checks
                it; an example that does not fit the imported types is a warning and is not written. A
                manifest beside the spec (.<spec>.import-openapi-files) records them: only files it lists,
                unchanged since, are replaced or deleted. Hand edits (cache, queue, paging, examples,
                renames) go in an overlay, <spec>.overlay.yaml, merged over every import.
                """
        }
        return
            "OVERVIEW: \(overview)\(optionsSection(command))\(trailer)\n\nUSAGE: \(usage(for: command))\n\n"
            + exitCodes(for: command)
    }

    private static let generateTrailer =
        "\n\nUnless --quiet, one line sums up each folder (files written, unchanged, deleted) "
        + "and the time."
        + "\n\nA run that finds nothing changed since the same command last ran (every file it read, the"
        + "\noptions, lucid-gen itself, and every file it wrote) exits at once, saying 'up to date',"
        + "\nwithout reading the spec: a stamp of the run is kept in the user's cache folder, or in"
        + "\n$LUCID_GEN_CACHE; LUCID_GEN_CACHE=off keeps none."

    private static let graphOverview = """
        Prints SPEC as a Graphviz DOT graph, to render with 'dot -Tsvg' (https://graphviz.org): entities
        (filled rounded boxes), subtypes (plain boxes naming their kind; each instance of a generic struct,
        such as page<track>, a box of its own) and services (component shapes) are nodes. A relationship is a black edge labelled with its property: '[]' per list and '{}' per map
        (with a crow's foot), '(id)' when only identifiers are read, dashed when optional; the use of a
        subtype is a grey edge; a green edge lists the endpoints of a service whose responses hold an entity
        or subtype ('[]' for a list). Descriptions and endpoint paths are tooltips. The output is sorted, so
        the same spec always prints the same graph. Diagnostics go to standard error.
        """

    private static let initOverview = """
        Writes a starter spec, bookshelf.lucid.yaml; book.json, the example answer of its endpoint; and
        Bookshelf.swift, for the module's own code (SwiftPM builds a target only when its folder holds a
        Swift file) into DIR (the current folder by default; created, with missing parents, when it does
        not exist): one entity, one service with a GET endpoint, a server and an auth scheme, with comments
        that point to the sections of docs/Spec.md to read next. It lints clean and generates code that
        compiles. Then prints what it wrote and the commands to run next, on standard error.
        It never overwrites: when any of the three files exists (even as a link), nothing is written; files
        are created exclusively, so a file made meanwhile by another process is not replaced either, and
        what was written is taken back.
        """
}
