import Foundation
import LucidCodeGen
import LucidExport
import LucidOutput
import LucidSpec

/// What the fuzzer runs on each input: load the spec from memory, validate it and, when it has no error, generate
/// its code and example tests in memory, and export it as OpenAPI and as a graph (`lucid-gen openapi`, `graph`).
/// No file the input names is read (only the input's own files are), and nothing is written.
///
/// A crash, a trap or a hang anywhere in here is a finding; so is a broken promise, which `problems(in:)` returns
/// (and `lucid-fuzz` turns into a trap, so that libFuzzer keeps the input): a diagnostic outside the file it
/// names, a spec without errors that fails to generate, an OpenAPI document that is not JSON, a graph that is not
/// a DOT digraph, a load, a generation or an export that differs when repeated.
public enum FuzzTarget {
    /// Compiled once: every input renders with the same templates.
    static let templates = Result { () throws(GenerationError) in try TemplateSet.embedded() }

    /// Every promise `bytes` (a `FuzzInput`) breaks, as sentences; empty when it keeps them all. `alwaysRepeat`
    /// loads and generates every input twice (the regression replay), not one in sixteen.
    public static func problems(in bytes: [UInt8], alwaysRepeat: Bool = false) -> [String] {
        let input = FuzzInput(bytes: bytes)
        var loader = SpecLoader()
        loader.fileSource = input.fileSource
        let result = loader.load(path: FuzzInput.rootName)
        var problems = diagnosticProblems(result, input)
        // Repeating every input would halve the speed; one in sixteen, chosen by content so a replay repeats the
        // same ones, still catches an order that depends on hashing or threads.
        let repeats =
            alwaysRepeat || bytes.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } % 16 == 0
        if repeats, loader.load(path: FuzzInput.rootName).diagnostics != result.diagnostics {
            problems.append("loading the same input twice gave different diagnostics")
        }
        if let spec = result.spec {
            problems += generationProblems(spec, repeats: repeats)
            problems += exportProblems(spec, input, repeats: repeats)
        }
        return problems
    }

    /// A spec without errors must export as an OpenAPI document that parses as JSON, with its warnings inside the
    /// input's files, and as a Graphviz digraph; both the same every time.
    static func exportProblems(_ spec: Spec, _ input: FuzzInput, repeats: Bool) -> [String] {
        var problems: [String] = []
        let openAPI = OpenAPIDocument.export(spec)
        let json = openAPI.document.serialized()
        if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil {
            problems.append("the OpenAPI export is not JSON")
        }
        for diagnostic in openAPI.diagnostics where input.contents(of: diagnostic.location.file) == nil {
            problems.append("\(diagnostic): an OpenAPI export warning in a file the input does not hold")
        }
        let dot = SpecGraph(spec: spec).dot()
        let statement = dot.split(separator: "\n").first { !$0.hasPrefix("//") }
        if statement?.hasPrefix("digraph ") != true || dot.last(where: { !$0.isWhitespace }) != "}" {
            problems.append("the graph export is not a DOT digraph")
        }
        if repeats,
            OpenAPIDocument.export(spec).document.serialized() != json || SpecGraph(spec: spec).dot() != dot
        {
            problems.append("exporting the same spec twice gave different documents")
        }
        return problems
    }

    /// Diagnostics must come with a spec only when none is an error, each with a message, in a file the input holds,
    /// at a line and column inside that file.
    static func diagnosticProblems(_ result: SpecLoadResult, _ input: FuzzInput) -> [String] {
        var problems: [String] = []
        var positions: [String: TextPositions] = [:]  // one count per file, however many diagnostics it has
        if (result.spec == nil) != result.diagnostics.containsErrors {
            problems.append(
                result.spec == nil ? "no spec, yet no error says why" : "a spec was returned despite errors")
        }
        for diagnostic in result.diagnostics + result.diagnostics.flatMap(\.notes) {
            if diagnostic.message.isEmpty {
                problems.append("a diagnostic without a message at \(diagnostic.location)")
            }
            guard let contents = input.contents(of: diagnostic.location.file) else {
                problems.append("\(diagnostic): in a file the input does not hold")
                continue
            }
            let text = positions[diagnostic.location.file] ?? TextPositions(contents)
            positions[diagnostic.location.file] = text
            if !text.contains(line: diagnostic.location.line, column: diagnostic.location.column) {
                problems.append("\(diagnostic): the position is outside its file")
            }
        }
        for file in result.files where input.contents(of: file) == nil {
            problems.append("the load lists '\(file)' as read, which the input does not hold")
        }
        return problems
    }

    /// A spec without errors must generate (code and example tests) without throwing, into distinct relative
    /// `.swift` paths, the same files every time.
    static func generationProblems(_ spec: Spec, repeats: Bool) -> [String] {
        let generated: [GeneratedFile]
        do throws(GenerationError) {
            let generator = Generator(spec: spec, specFile: FuzzInput.rootName, templates: try templates.get())
            generated = try generator.files() + generator.testFiles(module: nil)
            if repeats, try generator.files() + generator.testFiles(module: nil) != generated {
                return ["generating the same spec twice gave different files"]
            }
        } catch {
            return ["the spec loads without errors, yet generating it fails: \(error)"]
        }
        var problems: [String] = []
        var paths = Set<String>()
        for file in generated {
            if !paths.insert(file.path).inserted { problems.append("two generated files are named '\(file.path)'") }
            if file.path.hasPrefix("/") || file.path.split(separator: "/").contains("..")
                || !file.path.hasSuffix(".swift")
            {
                problems.append("generated file '\(file.path)' is not a relative .swift path inside the output folder")
            }
            if !file.contents.hasPrefix(GeneratedHeader.marker) {
                problems.append("generated file '\(file.path)' does not start with the generated-file header")
            }
        }
        return problems
    }
}

/// The lines of a file and their lengths in characters, as libyaml and the JSON parser count them, to tell
/// whether a diagnostic's position is inside the file. Decoded with the standard library's decoders (UTF-16 after its
/// byte order mark, as libyaml reads it), not the loader's own position counting, which this checks.
struct TextPositions {
    /// Each line's length in characters when LF, CRLF and a lone CR end lines (the JSON parser's count) ...
    private let plainLines: [Int]
    /// ... and when NEL, LS and PS end lines too (libyaml's).
    private let yamlLines: [Int]

    init(_ bytes: [UInt8]) {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { index -> UInt16 in
                let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                return UInt16(high) << 8 | UInt16(low)
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        let scalars = Array(text.unicodeScalars)
        plainLines = Self.lineLengths(scalars, endingAt: ["\n", "\r"])
        yamlLines = Self.lineLengths(scalars, endingAt: ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    }

    /// Whether `line:column` is a character of the file, or just past the end of a line (where a missing value
    /// or the end of the file is reported), by either count.
    func contains(line: Int, column: Int) -> Bool {
        [plainLines, yamlLines].contains { lines in
            line >= 1 && line <= lines.count && column >= 1 && column <= lines[line - 1] + 1
        }
    }

    /// The length of each line, a CR followed by LF ending one line.
    private static func lineLengths(_ scalars: [Unicode.Scalar], endingAt ends: Set<Unicode.Scalar>) -> [Int] {
        var lengths: [Int] = []
        var length = 0
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" && index > 0 && scalars[index - 1] == "\r" { continue }
            if ends.contains(scalar) {
                lengths.append(length)
                length = 0
            } else {
                length += 1
            }
        }
        lengths.append(length)
        return lengths
    }
}
