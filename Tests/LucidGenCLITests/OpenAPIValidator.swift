import Foundation

/// Validates OpenAPI documents with Python's `openapi-spec-validator` (`make deps` installs it), in one child
/// process for all of them.
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

    /// One verdict per file, or a message saying what is missing (python3, or the module).
    static func validate(_ paths: [String]) -> Result<[Verdict], ValidatorMissing> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(ValidatorMissing(message: "python3 cannot be started")) }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if output.hasPrefix("MISSING") || process.terminationStatus != 0 {
            return .failure(
                ValidatorMissing(
                    message: "python3 with openapi-spec-validator is needed to check the documents; run 'make deps'"))
        }
        return .success(output.split(separator: "\n").map { verdict(String($0)) })
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
