import Foundation
import LucidTestSupport

/// Validates OpenAPI documents with Python's `openapi-spec-validator` (`make test-deps` installs it, in a virtual
/// environment: see `SpecSchema.python`), in one child process for all of them.
enum OpenAPIValidator {
    /// What the checker said about one file: nil when it is valid, else its first complaint.
    struct Verdict {
        var path: String
        var problem: String?
    }

    static let script = """
        import json, sys
        try:
            from openapi_spec_validator import validate
        except ImportError:
            print("MISSING")
            sys.exit(0)
        for path in sys.argv[1:]:
            try:
                with open(path) as f:
                    validate(json.load(f))
                print("OK\\t" + path)
            except Exception as error:
                print("FAIL\\t" + path + "\\t" + " ".join(str(error).split())[:600])
        """

    /// Checks every `example:` body against the schema of its operation's 2xx response, with Python's
    /// `jsonschema` (JSON Schema 2020-12, OpenAPI 3.1's dialect; `$ref`s resolve inside the document). Each
    /// argument is `document.json,dump.json`: the dump says which endpoints have examples, where, and the
    /// `base_key` and `excluded_paths` (whose values may hold anything, so they are removed first). Also checks
    /// that each schema rejects a control value (`true`), so a schema that accepts anything cannot pass, and that
    /// the response's `example` is the example body. A value under an `x-lucid-lenient` schema may be anything, as
    /// lint's example check and the generated example tests accept a lenient fallback.
    static let examplesScript = """
        import json, sys
        try:
            from jsonschema import Draft202012Validator
        except ImportError:
            print("MISSING")
            sys.exit(0)

        def pointer(*keys):
            return "#/" + "/".join(k.replace("~", "~0").replace("/", "~1") for k in keys)

        def strip(value, path):
            if isinstance(value, list):
                for item in value: strip(item, path)
            elif isinstance(value, dict) and path:
                if len(path) == 1: value.pop(path[0], None)
                elif path[0] in value: strip(value[path[0]], path[1:])

        def lenient(error):
            # A value under an `x-lucid-lenient` schema may be anything: the property falls back, and lint and the
            # generated example tests accept it.
            while error is not None:
                if isinstance(error.schema, dict) and error.schema.get("x-lucid-lenient"): return True
                error = error.parent
            return False

        def at(value, keys):
            for key in keys:
                if not isinstance(value, dict) or key not in value: return None
                value = value[key]
            return value

        checked = 0
        for pair in sys.argv[1:]:
            document_path, dump_path = pair.split(",")
            document = json.load(open(document_path))
            dump = json.load(open(dump_path))
            operations = {}
            for path, item in document.get("paths", {}).items():
                for method, operation in item.items():
                    operations[operation["x-lucid-endpoint"]] = (path, method)
            for service in dump["services"]:
                for endpoint in service["endpoints"]:
                    # A stream's example is a body of events or lines, which lint checks item by item: no JSON.
                    if "example" not in endpoint or "stream" in endpoint: continue
                    name = service["name"] + "." + endpoint["name"]
                    path, method = operations[name]
                    body = json.load(open(endpoint["example"]))
                    payload = at(body, endpoint["response"]["base_key"])
                    for excluded in endpoint["response"]["excluded_paths"]: strip(payload, excluded)
                    schema = dict(document)
                    schema["$ref"] = pointer(
                        "paths", path, method, "responses", "2XX", "content", "application/json", "schema")
                    media = document["paths"][path][method]["responses"]["2XX"]["content"]["application/json"]
                    if media.get("example") != json.load(open(endpoint["example"])):
                        print("FAIL\\t%s\\t%s: the response's example is not the example body"
                              % (endpoint["example"], name))
                    errors = [e for e in Draft202012Validator(schema).iter_errors(body) if not lenient(e)]
                    checked += 1
                    if not list(Draft202012Validator(schema).iter_errors(True)):
                        print("FAIL\\t%s\\t%s: the schema accepts anything (the control value true passed)"
                              % (endpoint["example"], name))
                    for error in errors[:3]:
                        print("FAIL\\t%s\\t%s: %s at %s"
                              % (endpoint["example"], name, error.message[:300], list(error.absolute_path)))
        print("CHECKED\\t%d" % checked)
        """

    /// Lines `FAIL<tab>file<tab>problem`, then `CHECKED<tab>n`; or what is missing.
    static func checkExamples(_ pairs: [(document: String, dump: String)]) -> Result<[String], ValidatorMissing> {
        run(examplesScript, pairs.map { $0.document + "," + $0.dump }).map { output in
            output.split(separator: "\n").map(String.init)
        }
    }

    /// One verdict per file, or a message saying what is missing (python3, or the module).
    static func validate(_ paths: [String]) -> Result<[Verdict], ValidatorMissing> {
        run(script, paths).map { output in output.split(separator: "\n").map { verdict(String($0)) } }
    }

    /// The standard output of `python3 -c script arguments...` (the checkers' python3, `SpecSchema.python`), or
    /// what is missing.
    private static func run(_ script: String, _ arguments: [String]) -> Result<String, ValidatorMissing> {
        guard let python = SpecSchema.python, FileManager.default.isExecutableFile(atPath: python.path) else {
            return .failure(ValidatorMissing(message: SpecSchema.noPythonMessage))
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(ValidatorMissing(message: "\(python.path) cannot be started: \(error)"))
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if output.hasPrefix("MISSING") || process.terminationStatus != 0 {
            return .failure(
                ValidatorMissing(
                    message:
                        "\(python.path) with openapi-spec-validator and jsonschema is needed to check the documents; "
                        + "run 'make test-deps'"))
        }
        return .success(output)
    }

    /// `OK<tab>path` or `FAIL<tab>path<tab>problem`.
    private static func verdict(_ line: String) -> Verdict {
        let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
        let path = fields.count > 1 ? fields[1] : line
        return Verdict(path: path, problem: fields.first == "OK" ? nil : line)
    }

    /// Why nothing could be validated.
    struct ValidatorMissing: Error {
        var message: String
    }
}
