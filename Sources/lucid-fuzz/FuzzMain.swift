import Foundation
import LucidFuzz

// lucid-fuzz runs `FuzzTarget` on inputs. Built by `make fuzz` with `-sanitize=fuzzer` and `-D LUCID_FUZZ`, it is a
// libFuzzer binary (libFuzzer's flags, a corpus folder); in a plain `swift build` it replays the files and folders
// it is given, for reproducing a finding under a debugger or on a machine without libFuzzer (macOS's toolchain).
// Either way, `lucid-fuzz --seeds FOLDER` writes the seed inputs (FuzzSeeds) into FOLDER first.
// With LUCID_FUZZ_TARGET=openapi, the inputs are OpenAPI documents the import reads (OpenAPIFuzzTarget), and the
// seeds OpenAPIFuzzSeeds.

/// Whether the inputs are OpenAPI documents rather than specs.
let fuzzesOpenAPI = ProcessInfo.processInfo.environment["LUCID_FUZZ_TARGET"] == "openapi"

/// Writes every seed input into `folder` (created if missing), run from the package folder.
func writeSeeds(into folder: String) -> Int32 {
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if fuzzesOpenAPI {
            let inputs = OpenAPIFuzzSeeds.inputs(in: ".")
            for input in inputs { try Data(input.bytes).write(to: URL(fileURLWithPath: folder + "/" + input.name)) }
            print("lucid-fuzz: \(inputs.count) OpenAPI documents, mutants and findings written to \(folder)")
            return 0
        }
        let seeds = FuzzSeeds.inputs(in: ".")
        for seed in seeds {
            try Data(seed.input.bytes).write(to: URL(fileURLWithPath: folder + "/" + seed.name))
        }
        let findings = FuzzSeeds.findings(in: ".")
        for finding in findings {
            try Data(finding.bytes).write(to: URL(fileURLWithPath: folder + "/finding-" + finding.name))
        }
        let corpus = FuzzSeeds.corpus(in: ".")
        for input in corpus {
            try Data(input.bytes).write(to: URL(fileURLWithPath: folder + "/" + input.name))
        }
        print(
            "lucid-fuzz: \(seeds.count) seed specs, \(findings.count) findings and \(corpus.count) kept inputs written"
                + " to \(folder)")
        return 0
    } catch {
        FileHandle.standardError.write(Data("lucid-fuzz: error: cannot write seeds: \(error)\n".utf8))
        return 1
    }
}

/// Runs one input; a broken promise stops the process like a crash, so that libFuzzer keeps the input.
func runOne(_ bytes: [UInt8]) {
    let problems = fuzzesOpenAPI ? OpenAPIFuzzTarget.problems(in: bytes) : FuzzTarget.problems(in: bytes)
    guard problems.isEmpty else {
        fatalError("lucid-fuzz: broken promise:\n" + problems.joined(separator: "\n"))
    }
}

#if LUCID_FUZZ
/// libFuzzer's own `main` loop, run with our callback (`-sanitize=fuzzer` links libFuzzer; SwiftPM makes our
/// `@main` the process's entry point, so libFuzzer's `main` is not the one that runs).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main enum FuzzMain {
    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count == 3, arguments[1] == "--seeds" { exit(writeSeeds(into: arguments[2])) }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(
            runFuzzerDriver(&argc, &argv) { data, size in
                runOne(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            })
    }
}
#else
@main enum FuzzMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count == 2, arguments[0] == "--seeds" { exit(writeSeeds(into: arguments[1])) }
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            FileHandle.standardError.write(
                Data("usage: lucid-fuzz FILE|FOLDER...  (replays fuzz inputs)\n       lucid-fuzz --seeds FOLDER\n".utf8)
            )
            exit(2)
        }
        var count = 0
        for path in arguments.flatMap(files) {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("lucid-fuzz: error: cannot read '\(path)'\n".utf8))
                exit(1)
            }
            print("lucid-fuzz: \(path)")
            runOne([UInt8](data))
            count += 1
        }
        print("lucid-fuzz: \(count) inputs, no problem")
    }

    /// `path` itself, or the regular files in and below it when it is a folder, sorted.
    static func files(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let names = (FileManager.default.subpaths(atPath: path) ?? []).sorted()
        return names.map { path + "/" + $0 }.filter { name in
            FileManager.default.fileExists(atPath: name, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
#endif
