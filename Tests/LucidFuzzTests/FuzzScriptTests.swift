// The script runs as a child process, which iOS, tvOS, watchOS and visionOS do not have.
#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// `Scripts/fuzz.sh`, what `make fuzz` and CI run, with a stand-in for the libFuzzer binary (building the real one
/// takes a sanitizer toolchain and minutes): the run is seeded and says its seed, starts from the committed seed
/// corpus and keeps what it grew, and a finding comes with one command line that replays it anywhere.
@Suite struct FuzzScriptTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Stands in for `lucid-fuzz`: `--seeds FOLDER` writes two seeds; a merge copies the inputs of the second folder
    /// the first lacks; a run records its arguments in `$STUB_ARGS`, adds an input to the corpus, prints libFuzzer's
    /// statistics and, with `$STUB_CRASH` set, saves that text as a finding and fails as libFuzzer does.
    static let stub = #"""
        #!/bin/sh
        if [ "$1" = "--seeds" ]; then
            printf 'a: 1\n' >"$2/seed-a"; printf 'b: 2\n' >"$2/seed-b"; exit 0
        fi
        printf '%s\n' "$@" "hashing=${SWIFT_DETERMINISTIC_HASHING:-random}" >"$STUB_ARGS"
        if [ "$1" = "-merge=1" ]; then
            for file in "$4"/*; do [ -e "$3/${file##*/}" ] || cp "$file" "$3/"; done
            exit 0
        fi
        printf 'grown: 3\n' >"$1/grown"
        echo "stat::number_of_executed_units: 1234"
        echo "Done 1234 runs in 7 second(s)"
        if [ -n "${STUB_CRASH:-}" ]; then
            for argument in "$@"; do
                case "$argument" in -artifact_prefix=*) prefix=${argument#-artifact_prefix=} ;; esac
            done
            printf '%s' "$STUB_CRASH" >"${prefix}crash-0123abcd"
            echo "==1==ERROR: libFuzzer: deadly signal"
            echo "artifact_prefix='$prefix'; Test unit written to ${prefix}crash-0123abcd"
            exit 77
        fi
        exit 0
        """#

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
        /// The stand-in's arguments of its last run.
        var arguments: [String]
    }

    /// Runs `Scripts/fuzz.sh arguments` (the stand-in for BINARY) with `environment`, its folders in `work`.
    static func fuzz(_ arguments: [String], environment: [String: String] = [:], in work: URL) throws -> Outcome {
        let binary = work.appendingPathComponent("lucid-fuzz")
        if !FileManager.default.fileExists(atPath: binary.path) {
            try Data(stub.utf8).write(to: binary)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["bash", package.appendingPathComponent("Scripts/fuzz.sh").path]
            + arguments.map { $0 == "BINARY" ? binary.path : $0 }
        var variables = ProcessInfo.processInfo.environment
        variables["LUCID_FUZZ_SEED"] = nil
        variables["LUCID_FUZZ_RUNS"] = nil
        variables["LUCID_FUZZ_WORK"] = work.appendingPathComponent("fuzz").path
        variables["LUCID_FUZZ_KEPT"] = work.appendingPathComponent("kept").path
        variables["STUB_ARGS"] = work.appendingPathComponent("arguments").path
        process.environment = variables.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Small outputs: reading one pipe to its end cannot block the other.
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let recorded = (try? String(contentsOf: work.appendingPathComponent("arguments"), encoding: .utf8)) ?? ""
        return Outcome(
            status: process.terminationStatus, output: out, errors: err,
            arguments: recorded.split(separator: "\n").map(String.init))
    }

    /// The files of `folder`, sorted.
    static func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aSeededRunSaysItsSeedAndHowToRunItAgain() throws {
        try withTemporaryFolder("fuzz-script") { work in
            let run = try Self.fuzz(["BINARY", "7"], environment: ["LUCID_FUZZ_SEED": "4242"], in: work)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("lucid-fuzz: seed 4242 (this run again: make fuzz SEED=4242 SECONDS=7)\n"))
            #expect(run.arguments.contains("-seed=4242") && run.arguments.contains("-max_total_time=7"))
            #expect(run.arguments.contains("-dict=Scripts/fuzz.dict") && run.arguments.contains("-reload=0"))
            // The same seed makes the same inputs only with the same hashing.
            #expect(run.arguments.last == "hashing=1")
            #expect(run.output.contains("lucid-fuzz: exactly this run again: make fuzz SEED=4242 RUNS=1234\n"))
            // It started from the seed corpus, and keeps what it grew.
            #expect(run.output.contains("starting from 2 inputs"))
            #expect(run.arguments.first == work.appendingPathComponent("fuzz/corpus").path)
            #expect(Self.files(work.appendingPathComponent("fuzz/corpus")) == ["grown", "seed-a", "seed-b"])
        }
    }

    @Test func anArgumentSeedWinsAndRunsCountInputs() throws {
        try withTemporaryFolder("fuzz-script") { work in
            let run = try Self.fuzz(
                ["BINARY", "60", "17"], environment: ["LUCID_FUZZ_SEED": "4242", "LUCID_FUZZ_RUNS": "500"], in: work)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("lucid-fuzz: seed 17 (this run again: make fuzz SEED=17 RUNS=500)\n"))
            #expect(run.arguments.contains("-seed=17") && run.arguments.contains("-runs=500"))
            #expect(!run.arguments.contains { $0.hasPrefix("-max_total_time") })
        }
    }

    @Test func withoutASeedOneIsChosenAndSaid() throws {
        try withTemporaryFolder("fuzz-script") { work in
            var seeds: [String] = []
            for _ in 0..<2 {
                let run = try Self.fuzz(["BINARY", "7"], in: work)
                #expect(run.status == 0, "\(run.errors)")
                let said = try #require(
                    run.output.split(separator: "\n").first?.split(separator: " ").dropFirst(2).first)
                #expect(run.arguments.contains("-seed=\(said)"))
                #expect(UInt32(said).map { $0 > 0 } == true, "\(said)")
                seeds.append(String(said))
            }
            // Two random 31-bit seeds: equal once in two billion runs.
            #expect(seeds[0] != seeds[1])
        }
    }

    @Test func aSeedThatIsNoNumberIsRefused() throws {
        try withTemporaryFolder("fuzz-script") { work in
            let run = try Self.fuzz(["BINARY", "7", "-1"], in: work)
            #expect(run.status == 2)
            #expect(run.errors.contains("SEED and RUNS must be whole numbers"))
        }
    }

    @Test func aFindingComesWithOneLineThatReplaysItAnywhere() throws {
        let input = "name: 'x'\n#@file a.json\n{\"é\": [1,\n"
        try withTemporaryFolder("fuzz-script") { work in
            let run = try Self.fuzz(
                ["BINARY", "7", "99"], environment: ["STUB_CRASH": input], in: work)
            #expect(run.status == 77)
            let artifact = work.appendingPathComponent("fuzz/findings/crash-0123abcd").path
            #expect(run.errors.contains("finding (exit 77, seed 99, after 1234 inputs): \(artifact)"))
            #expect(
                run.errors.contains("Replay it:      SWIFT_DETERMINISTIC_HASHING=1 swift run lucid-fuzz \(artifact)\n"))
            #expect(run.errors.contains("The same run:   make fuzz SEED=99 SECONDS=7\n"))
            let line = try #require(run.errors.split(separator: "\n").first { $0.hasPrefix("  Anywhere else:  ") })
            let encoded = String(base64: input)
            #expect(
                line == "  Anywhere else:  printf '%s' '\(encoded)' | base64 -d > crash-0123abcd"
                    + " && SWIFT_DETERMINISTIC_HASHING=1 swift run lucid-fuzz crash-0123abcd")
        }
    }

    @Test func mergingKeepsOnlyWhatTheCommittedCorpusLacks() throws {
        try withTemporaryFolder("fuzz-script") { work in
            #expect(try Self.fuzz(["BINARY", "7", "5"], in: work).status == 0)
            let merge = try Self.fuzz(["--merge", "BINARY"], in: work)
            #expect(merge.status == 0, "\(merge.errors)")
            #expect(merge.output.contains("1 inputs added to \(work.appendingPathComponent("kept").path)"))
            #expect(Self.files(work.appendingPathComponent("kept")) == ["grown"])
        }
    }

    @Test func mergingBeforeAnyRunSaysSo() throws {
        try withTemporaryFolder("fuzz-script") { work in
            let merge = try Self.fuzz(["--merge", "BINARY"], in: work)
            #expect(merge.status == 1)
            #expect(merge.errors.contains("no corpus in"))
        }
    }
}

extension String {
    /// `text`'s UTF-8 bytes in Base64.
    fileprivate init(base64 text: String) {
        self = Data(text.utf8).base64EncodedString()
    }
}
#endif
