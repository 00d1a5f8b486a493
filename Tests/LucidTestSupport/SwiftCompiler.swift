#if os(macOS) || os(Linux)
import Foundation

/// Type-checks generated files as a module against the built LucidRuntime, the way a user's target compiles
/// them (Swift 6 language mode), and reports every error and warning. `-typecheck` stops before code
/// generation, which takes a fraction of a second per module and finds everything a build's front end finds.
/// Shared by the test targets: LucidCodeGenTests compiles what the generator renders, LucidGenCLITests what
/// `lucid-gen init` and `generate` write.
public enum SwiftCompiler {
    /// What the compiler said.
    public struct Outcome: Sendable {
        public var succeeded: Bool
        /// The compiler's `file:line:col: error|warning: …` lines.
        public var diagnostics: [String]
    }

    /// The folder holding `LucidRuntime.swiftmodule` (SwiftPM's `Modules/` beside the test products).
    public static var modules: URL { TestProducts.folder.appendingPathComponent("Modules") }

    /// Whether the runtime's module is there to compile against; tests that need it say so when it is not.
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: modules.appendingPathComponent("LucidRuntime.swiftmodule").path)
    }

    /// Whether the runtime's module is there; when it is not, prints why the calling test checks nothing.
    public static func isAvailableOrSaysWhy() -> Bool {
        guard isAvailable else {
            print("skipped: no LucidRuntime.swiftmodule in \(modules.path); build the package first")
            return false
        }
        return true
    }

    /// Builds `Tests/Support/<name>Stub/<name>.swift` into a module named `name` in `folder`, a stand-in for an
    /// Apple-only framework (SwiftUI) that CI on Linux lacks; pass `folder` to `typecheck(…, including:)`.
    public static func buildStub(_ name: String, into folder: URL) throws -> Outcome {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/\(name)Stub/\(name).swift")
        return try run([
            "-emit-module", "-swift-version", "6", "-module-name", name, "-parse-as-library",
            "-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path, source.path,
        ])
    }

    /// Type-checks `files` as the module `module` against LucidRuntime (and the modules in `folders`).
    public static func typecheck(module: String, files: [URL], including folders: [URL] = []) throws -> Outcome {
        try run(
            ["-typecheck", "-swift-version", "6", "-module-name", module, "-I", modules.path]
                + folders.flatMap { ["-I", $0.path] } + files.map(\.path))
    }

    private static func run(_ arguments: [String]) throws -> Outcome {
        #if os(macOS)
        let compiler = ["xcrun", "swiftc"]
        #else
        let compiler = ["swiftc"]
        #endif
        let run = try CommandRun.run(compiler + arguments)
        let diagnostics = run.output.split(separator: "\n").map(String.init).filter {
            $0.contains(": error: ") || $0.contains(": warning: ")
        }
        return Outcome(succeeded: run.status == 0, diagnostics: diagnostics)
    }
}
#endif
