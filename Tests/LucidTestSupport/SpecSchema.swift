// Runs Python's jsonschema as a child process. iOS, tvOS, watchOS and visionOS have no `Process`, so there the file
// is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidSpec
import LucidSupport

/// The JSON Schema editors check specs with (`docs/lucid.schema.json`, and `docs/lucid-include.schema.json` for
/// included files), and how tests check documents against it: each YAML file is read by lucid-gen's own loader
/// (`YAMLLoader`: anchors, aliases and `<<` merges applied, scalars resolved as lucid-gen resolves them), written
/// as JSON, and validated by `Scripts/validate_json_schema.py` with Python's jsonschema.
public enum SpecSchema {
    /// Tests/LucidTestSupport/<this file> → the package root.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The schema of a root spec.
    public static let specSchema = packageRoot.appendingPathComponent("docs/lucid.schema.json")
    /// The schema of an included file (its definitions are the spec schema's).
    public static let includeSchema = packageRoot.appendingPathComponent("docs/lucid-include.schema.json")
    static let script = packageRoot.appendingPathComponent("Scripts/validate_json_schema.py")

    public enum Failure: Error, CustomStringConvertible {
        case noPython
        case jsonschemaMissing(String)
        case validatorFailed(status: Int32, output: String)

        public var description: String {
            switch self {
            case .noPython: SpecSchema.noPythonMessage
            case .jsonschemaMissing(let message):
                message.isEmpty ? "jsonschema is missing; run `make test-deps`" : message
            case .validatorFailed(let status, let output):
                "Scripts/validate_json_schema.py exited with \(status): \(output)"
            }
        }
    }

    // MARK: - YAML to JSON

    /// The one document of a YAML file as JSON text; nil when the loader refuses the file or it holds no single
    /// document (lucid-gen reports those itself, before any schema could apply).
    public static func json(ofYAML bytes: [UInt8], file: String) -> String? {
        guard let documents = try? YAMLLoader.loadAll(bytes, file: file), documents.count == 1 else { return nil }
        return json(of: documents[0])
    }

    /// `node` as JSON text. Scalars keep the value the loader resolved (`017` is 17, `yes` a string), non-finite
    /// floats are written as `Infinity`, `-Infinity` and `NaN` (which Python's json reads), and a mapping's keys
    /// are their text, in document order.
    public static func json(of node: YAMLNode) -> String {
        var text = ""
        write(node, into: &text)
        return text
    }

    private static func write(_ node: YAMLNode, into text: inout String) {
        switch node.content {
        case .scalar(let scalar):
            write(scalar.value, into: &text)
        case .sequence(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                write(item, into: &text)
            }
            text += "]"
        case .mapping(let pairs):
            text += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { text += "," }
                quote(pair.key.scalar?.text ?? pair.key.kindDescription, into: &text)
                text += ":"
                write(pair.value, into: &text)
            }
            text += "}"
        }
    }

    private static func write(_ value: YAMLValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .float(let number) where number.isNaN: text += "NaN"
        case .float(let number) where number.isInfinite: text += number < 0 ? "-Infinity" : "Infinity"
        case .float(let number): text += "\(number)"  // `1.0`, `1e+20`: read back as a float
        case .string(let string): quote(string, into: &text)
        }
    }

    /// A JSON string literal.
    public static func quote(_ string: String, into text: inout String) {
        JSONStringLiteral.append(string, to: &text)
    }

    // MARK: - Validating

    /// The schema errors of each document (`$.json.path: message`), by name; an empty list when it is valid.
    /// - Parameter documents: names and JSON texts.
    /// - Throws: `Failure` when python3 or its jsonschema is missing, or the validator fails.
    public static func errors(
        of documents: [(name: String, json: String)], schema: URL = specSchema
    ) throws -> [String: [String]] {
        guard !documents.isEmpty else { return [:] }
        guard let python, FileManager.default.isExecutableFile(atPath: python.path) else { throw Failure.noPython }
        var batch = "{"
        for (index, document) in documents.enumerated() {
            if index > 0 { batch += ",\n" }
            quote(document.name, into: &batch)
            batch += ":" + document.json
        }
        batch += "}"
        return try withTemporaryFolder("lucid-gen-schema") { folder in
            let input = folder.appendingPathComponent("documents.json")
            let errorOutput = folder.appendingPathComponent("stderr.txt")
            try Data(batch.utf8).write(to: input)
            try Data().write(to: errorOutput)
            let process = Process()
            process.executableURL = python
            process.arguments = [script.path, schema.path, "--json"]
            process.standardInput = try FileHandle(forReadingFrom: input)
            let output = Pipe()
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errorOutput)
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let diagnostics = (try? String(contentsOf: errorOutput, encoding: .utf8)) ?? ""
            switch process.terminationStatus {
            case 3: throw Failure.jsonschemaMissing(diagnostics.trimmingCharacters(in: .whitespacesAndNewlines))
            case 0, 1:
                guard let results = try? JSONSerialization.jsonObject(with: data) as? [String: [String]] else {
                    throw Failure.validatorFailed(
                        status: process.terminationStatus, output: String(decoding: data, as: UTF8.self) + diagnostics)
                }
                return results
            default:
                throw Failure.validatorFailed(status: process.terminationStatus, output: diagnostics)
            }
        }
    }

    /// The environment variable naming the python the checkers run with (`make test` sets it).
    public static let pythonVariable = "LUCID_PYTHON"

    /// The python3 that runs the checkers (jsonschema here, openapi-spec-validator in the CLI tests): the one
    /// `LUCID_PYTHON` names (`make test` names the virtual environment `make python-env` makes, whatever python3 is
    /// on PATH); else that virtual environment's at its default place, `.build/python`, when it exists (`swift test`
    /// after `make test-deps`); else python3 from PATH, if any.
    public static let python: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment[pythonVariable], !named.isEmpty { return URL(fileURLWithPath: named) }
        let made = packageRoot.appendingPathComponent(".build/python/bin/python3")
        if FileManager.default.isExecutableFile(atPath: made.path) { return made }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Why `python` cannot be run, and what to do.
    public static var noPythonMessage: String {
        if let python { return "\(python.path) (\(pythonVariable)) is not an executable; run `make test-deps`" }
        return "python3 is not on PATH; run `make test-deps`"
    }
}
#endif
