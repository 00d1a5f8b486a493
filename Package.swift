// swift-tools-version:6.1
import Foundation
import PackageDescription

/// Each folder in Tests/Golden is a golden case: `Spec/` holds the input spec, `Generated/` the expected code
/// (compiled as the library target `Golden<Case>`), `GeneratedTests/` the expected example decoding tests, which
/// run in the test target `Golden<Case>Tests` beside the case's own tests. Targets per case, because cases
/// declare the same type names.
/// A case not recorded yet (no `Generated/`) gets no targets, so that `make golden` can build the tool that
/// records it; GoldenTests still fails for it until then.
let goldenCases =
    ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Tests/Golden")) ?? [])
    .filter {
        !$0.hasPrefix(".")
            && FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests/Golden/\($0)/Generated")
    }
    .sorted()

// lucid-gen has no package dependencies on purpose: the only outside code is libyaml,
// reached through the `CYaml` system-library target (Debian: libyaml-dev, Homebrew: libyaml).
let package = Package(
    name: "lucid-gen",
    // The floor where everything the runtime and the generated code use exists: Duration, ContinuousClock,
    // Task.sleep(for:), URLSession.data(for:), Date.ISO8601FormatStyle, FileHandle.write(contentsOf:).
    // docs/Platforms.md lists what needs what.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "lucid-gen", targets: ["lucid-gen"]),
        .library(name: "LucidRuntime", targets: ["LucidRuntime"]),
        .library(name: "LucidSpec", targets: ["LucidSpec"]),
        .plugin(name: "LucidGenPlugin", targets: ["LucidGenPlugin"]),
        .plugin(name: "LucidGenerateCommand", targets: ["LucidGenerateCommand"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // General tools with no knowledge of specs, shared by the tool's modules: the strict, located JSON reader
        // and the one JSON writer (JSON/), SHA-256. A module of its own so that loading, import, export and the CLI
        // reach them without any of them owning the others' tools; it depends on nothing.
        .target(name: "LucidSupport"),
        .target(name: "LucidSpec", dependencies: ["CYaml", "LucidSupport"]),
        // Writing files safely: only what changed, atomically, never a file lucid-gen did not write (ownership marks,
        // manifests). A module of its own so that generation, import and export write files without depending on
        // one another; it depends on LucidSupport alone.
        .target(name: "LucidOutput", dependencies: ["LucidSupport"]),
        .target(name: "LucidCodeGen", dependencies: ["LucidSpec", "LucidOutput"]),
        .target(name: "LucidRuntime"),
        // Documents exported from a spec for other tools: `lucid-gen openapi` (OpenAPI/), `lucid-gen graph` (Graph/).
        .target(name: "LucidExport", dependencies: ["LucidSpec", "LucidSupport"]),
        // `lucid-gen import-lucid`: a Lucid description folder (JSON) converted into one .lucid.yaml spec;
        // `lucid-gen import-openapi` (OpenAPI/): an OpenAPI 3.0/3.1 document converted into one spec.
        .target(name: "LucidImport", dependencies: ["LucidSpec", "LucidSupport"]),
        .target(
            name: "LucidGenCLI",
            dependencies: ["LucidSpec", "LucidCodeGen", "LucidExport", "LucidImport", "LucidOutput", "LucidSupport"]),
        .executableTarget(name: "lucid-gen", dependencies: ["LucidGenCLI"]),
        // At build time: generates a target's code from its spec into the plugin work folder.
        .plugin(name: "LucidGenPlugin", capability: .buildTool(), dependencies: ["lucid-gen"]),
        // On demand, for teams that commit generated code: `swift package lucid-generate`.
        .plugin(
            name: "LucidGenerateCommand",
            capability: .command(
                intent: .custom(
                    verb: "lucid-generate", description: "Regenerate the code of every target with a *.lucid.yaml spec."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "To write the generated Swift files into the targets' folders.")
                ]
            ),
            dependencies: ["lucid-gen"]
        ),
        .executableTarget(
            name: "queue-crash-probe", dependencies: ["LucidRuntime"], path: "Tests/Probes/queue-crash-probe"),
        // Writes a persisted EntityStore until killed, and reads what is left (EntityStoreCrashTests).
        .executableTarget(
            name: "store-crash-probe", dependencies: ["LucidRuntime"], path: "Tests/Probes/store-crash-probe"),
        // Sends one request through `HTTPTransport.urlSession` and reports its peak memory: for the transport's memory
        // test and `make bench`.
        .executableTarget(
            name: "transport-memory-probe", dependencies: ["LucidRuntime"],
            path: "Tests/Probes/transport-memory-probe"),
        // `make bench`; decodes with the Movies example's generated code (the golden case GoldenMovies).
        .executableTarget(
            name: "lucid-bench", dependencies: ["LucidRuntime", "GoldenMovies"], path: "Benchmarks/lucid-bench"),
        // `make bench`'s floor for reading a spec: libyaml's events alone.
        .executableTarget(name: "yaml-events", dependencies: ["CYaml"], path: "Benchmarks/yaml-events"),
        // The fuzz target (load → validate → generate and export in memory) and `lucid-fuzz`, which runs it under
        // libFuzzer (`make fuzz`) or replays inputs; the library is what the regression replay in LucidFuzzTests
        // runs too.
        .target(
            name: "LucidFuzz",
            dependencies: ["LucidSpec", "LucidCodeGen", "LucidExport", "LucidImport", "LucidOutput", "LucidSupport"]),
        .executableTarget(name: "lucid-fuzz", dependencies: ["LucidFuzz"]),
        // What the test targets share: temporary folders, the conformance suites' location, and checking documents
        // against the spec's JSON Schema (docs/lucid.schema.json), which reads YAML with LucidSpec's loader.
        .target(name: "LucidTestSupport", dependencies: ["LucidSpec", "LucidSupport"], path: "Tests/LucidTestSupport"),
        .testTarget(name: "LucidSupportTests", dependencies: ["LucidSupport"]),
        .testTarget(name: "LucidOutputTests", dependencies: ["LucidOutput", "LucidTestSupport"]),
        .testTarget(
            name: "LucidSpecTests",
            dependencies: ["LucidSpec", "LucidTestSupport"],
            exclude: ["Invalid", "YAML/YAMLTestSuiteSkips.txt"]
        ),
        // LucidSpec directly, as the tests import it: with it only a dependency of a dependency, an incremental build
        // did not recompile them when LucidSpec changed (a new `ScalarType` case went unnoticed by their switches).
        .testTarget(
            name: "LucidCodeGenTests",
            dependencies: ["LucidCodeGen", "LucidOutput", "LucidSpec", "LucidRuntime", "LucidTestSupport"]),
        .testTarget(
            name: "LucidRuntimeTests",
            dependencies: [
                "LucidRuntime", "LucidTestSupport", "queue-crash-probe", "store-crash-probe", "transport-memory-probe",
            ]),
        // The export API itself; `lucid-gen openapi` and `lucid-gen graph` as commands are LucidGenCLITests'.
        .testTarget(name: "LucidExportTests", dependencies: ["LucidExport"]),
        .testTarget(
            name: "LucidFuzzTests", dependencies: ["LucidFuzz", "LucidImport", "LucidSpec", "LucidTestSupport"],
            exclude: ["Findings", "OpenAPIFindings", "Corpus"]),
        .testTarget(
            name: "LucidImportTests", dependencies: ["LucidImport", "LucidSpec", "LucidTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "LucidGenCLITests",
            dependencies: [
                "LucidGenCLI", "LucidSpec", "LucidCodeGen", "LucidExport", "LucidOutput", "LucidRuntime",
                "LucidSupport",
                "LucidTestSupport",
                "lucid-gen",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// What the golden code must compile within, as errors: generated code compiles without warnings, and the type checker
/// may spend at most 100 ms on any one of its expressions and 300 ms on any one function body (the slowest today take
/// about 15 and 20 ms on a busy 2-core Linux machine). Unsafe flags are fine here: the golden targets are in no product.
let goldenBudget: [SwiftSetting] = [
    .unsafeFlags([
        "-warnings-as-errors",
        "-Xfrontend", "-warn-long-expression-type-checking=100",
        "-Xfrontend", "-warn-long-function-bodies=300",
    ])
]

package.targets += goldenCases.flatMap { name -> [Target] in
    [
        .target(
            name: "Golden\(name)", dependencies: ["LucidRuntime"], path: "Tests/Golden/\(name)/Generated",
            swiftSettings: goldenBudget),
        .testTarget(
            name: "Golden\(name)Tests",
            dependencies: [.target(name: "Golden\(name)"), "LucidRuntime", "LucidTestSupport"],
            path: "Tests/Golden/\(name)",
            exclude: ["Spec", "Generated"]),
    ]
}
