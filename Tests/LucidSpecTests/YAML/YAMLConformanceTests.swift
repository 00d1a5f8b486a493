import Foundation
import LucidSpec
import LucidTestSupport
import Testing

/// Runs the official yaml-test-suite (`$LUCID_TESTDATA/yaml-test-suite`, by default
/// ../shared/testdata/yaml-test-suite beside the checkout) through `YAMLLoader`; skipped, saying why, without it.
///
/// Cases that libyaml 0.2.5 itself gets wrong are listed, with reasons, in `YAMLTestSuiteSkips.txt`.
@Suite struct YAMLConformanceTests {
    /// Conformance is judged on the plain YAML model: merge keys are a YAML 1.1 extension the suite does
    /// not assume, and duplicate keys are invalid YAML anyway.
    static let options = YAMLOptions(mergeKeys: false, rejectDuplicateKeys: true)
    static let suiteName = "yaml-test-suite"

    @Test(
        .enabled(
            if: ConformanceSuites.shouldRun(suiteName), Comment(rawValue: ConformanceSuites.skipReason(suiteName))))
    func yamlTestSuite() throws {
        let reason = ConformanceSuites.skipReason(Self.suiteName)
        let suite = try #require(ConformanceSuites.folder(Self.suiteName), "\(reason)")
        let cases = try YAMLSuiteCase.all(in: suite)
        #expect(cases.count > 300, "the yaml-test-suite at \(suite.path) looks incomplete")
        let skips = try YAMLSuiteSkips.read(from: YAMLSuitePaths.skips)
        let unknown = Set(skips.keys).subtracting(cases.map(\.id))
        #expect(unknown.isEmpty, "YAMLTestSuiteSkips.txt names cases that do not exist: \(unknown.sorted())")

        var report = YAMLSuiteReport()
        for suiteCase in cases {
            report.record(
                suiteCase, failure: suiteCase.run(options: Self.options), isSkipped: skips[suiteCase.id] != nil)
        }
        report.print()
        let judged = report.passed + report.failures.count
        #expect(judged > 0 && Double(report.passed) / Double(judged) >= 0.95)
    }
}

/// Where the skip list is, found from this file's path so the test runs from any folder.
enum YAMLSuitePaths {
    static let skips = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("YAMLTestSuiteSkips.txt")
}

/// `ID  reason` lines; `#` starts a comment.
enum YAMLSuiteSkips {
    static func read(from url: URL) throws -> [String: String] {
        var skips: [String: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty else { continue }
            let id = String(content.prefix { !$0.isWhitespace })
            skips[id] = content.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
        }
        return skips
    }
}

/// Counts and failing case ids, printed as one summary line plus one line per kind of failure.
struct YAMLSuiteReport {
    var passed = 0
    var skipped = 0
    var failures: [(id: String, failure: YAMLSuiteFailure)] = []
    /// Skipped cases that pass anyway: their skip entry is probably stale.
    var passingSkips: [String] = []

    mutating func record(_ suiteCase: YAMLSuiteCase, failure: YAMLSuiteFailure?, isSkipped: Bool) {
        switch (failure, isSkipped) {
        case (nil, false): passed += 1
        case (nil, true):
            skipped += 1
            passingSkips.append(suiteCase.id)
        case (_?, true): skipped += 1
        case (let failure?, false): failures.append((suiteCase.id, failure))
        }
    }

    func print() {
        Swift.print("yaml-test-suite: \(passed) passed, \(failures.count) failed, \(skipped) skipped")
        for kind in YAMLSuiteFailure.Kind.allCases {
            let ids = failures.filter { $0.failure.kind == kind }.map(\.id)
            if !ids.isEmpty { Swift.print("  \(kind.rawValue): \(ids.joined(separator: " "))") }
        }
        for (id, failure) in failures { Swift.print("    \(id): \(failure.detail)") }
        if !passingSkips.isEmpty { Swift.print("  skipped but passing: \(passingSkips.joined(separator: " "))") }
    }
}

/// Why a case failed.
struct YAMLSuiteFailure: Error {
    enum Kind: String, CaseIterable {
        case rejectedValid = "rejected valid input"
        case acceptedInvalid = "accepted invalid input"
        case wrongValue = "loaded a different value"
    }

    var kind: Kind
    var detail: String
}

/// One case folder: `in.yaml` plus `in.json` (valid, with its value), `error` (invalid) or neither (valid).
struct YAMLSuiteCase {
    enum Expectation {
        case value(String)
        case error
        case loads
    }

    /// `229Q`, or `2G84/01` for a numbered variant.
    var id: String
    var input: [UInt8]
    var expectation: Expectation

    /// Every case under the suite folder, sorted by id. Folders such as `name/` and `tags/` only link to
    /// cases and are ignored because they have no `in.yaml`.
    static func all(in suite: URL) throws -> [YAMLSuiteCase] {
        var cases: [YAMLSuiteCase] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: suite.path).sorted() {
            try collect(suite.appendingPathComponent(name), id: name, into: &cases)
        }
        return cases
    }

    /// Adds the case at `folder`, if it is one, and its numbered variants (`00`, `01`, … or `000`, …).
    private static func collect(_ folder: URL, id: String, into cases: inout [YAMLSuiteCase]) throws {
        if let suiteCase = try load(folder, id: id) { cases.append(suiteCase) }
        guard let children = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for child in children.sorted() where !child.isEmpty && child.allSatisfy(\.isNumber) {
            try collect(folder.appendingPathComponent(child), id: "\(id)/\(child)", into: &cases)
        }
    }

    private static func load(_ folder: URL, id: String) throws -> YAMLSuiteCase? {
        let file = { (name: String) in folder.appendingPathComponent(name) }
        guard let input = FileManager.default.contents(atPath: file("in.yaml").path) else { return nil }
        let expectation: Expectation
        // `error` wins: a few invalid cases also carry an `in.json` with the value up to the error.
        if FileManager.default.fileExists(atPath: file("error").path) {
            expectation = .error
        } else if let json = FileManager.default.contents(atPath: file("in.json").path) {
            expectation = .value(String(decoding: json, as: UTF8.self))
        } else {
            expectation = .loads
        }
        return YAMLSuiteCase(id: id, input: Array(input), expectation: expectation)
    }

    /// Loads the input; nil when the result is what the case expects.
    func run(options: YAMLOptions) -> YAMLSuiteFailure? {
        let documents: [YAMLNode]
        do {
            documents = try YAMLLoader.loadAll(input, file: "in.yaml", options: options)
        } catch {
            if case .error = expectation { return nil }
            return YAMLSuiteFailure(kind: .rejectedValid, detail: error.description)
        }
        switch expectation {
        case .error: return YAMLSuiteFailure(kind: .acceptedInvalid, detail: "loaded \(documents.count) document(s)")
        case .loads: return nil
        case .value(let json): return compare(documents, with: json)
        }
    }

    private func compare(_ documents: [YAMLNode], with json: String) -> YAMLSuiteFailure? {
        let expected: [JSONValue]
        do {
            var reader = JSONStreamReader(json)
            expected = try reader.readAll()
        } catch {
            return YAMLSuiteFailure(kind: .wrongValue, detail: "in.json does not parse: \(error)")
        }
        guard expected.count == documents.count else {
            return YAMLSuiteFailure(
                kind: .wrongValue, detail: "\(documents.count) documents, expected \(expected.count)")
        }
        for (document, value) in zip(documents, expected) {
            if let difference = JSONComparison.difference(document, value) {
                return YAMLSuiteFailure(kind: .wrongValue, detail: difference)
            }
        }
        return nil
    }
}

/// A JSON value as the suite's `in.json` files hold them; object members keep their order.
indirect enum JSONValue: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return "\(value)"
        case .string(let value): return "\"\(value)\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

/// Compares a loaded YAML node with the JSON value the suite expects.
enum JSONComparison {
    /// A description of the first difference, or nil when the node matches.
    static func difference(_ node: YAMLNode, _ expected: JSONValue) -> String? {
        let actual = json(of: node)
        return equivalent(actual, expected) ? nil : "got \(actual), expected \(expected)"
    }

    /// The node as JSON. Mapping keys become their scalar text, as JSON names members only by strings
    /// (`1: a` is `{"1": "a"}`, and the empty `!!str` key of case WZ62 is `""`); a collection used as a key
    /// cannot be JSON, and cases that have one carry no `in.json`.
    static func json(of node: YAMLNode) -> JSONValue {
        switch node.content {
        case .scalar(let scalar): return json(of: scalar.value)
        case .sequence(let items): return .array(items.map(json(of:)))
        case .mapping(let pairs):
            return .object(
                pairs.map { (key: $0.key.scalar?.text ?? "<\($0.key.kindDescription)>", value: json(of: $0.value)) })
        }
    }

    private static func json(of value: YAMLValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .number(Double(value))
        case .float(let value): return .number(value)
        case .string(let value): return .string(value)
        }
    }

    /// Equality where object member order does not matter and numbers compare by value.
    static func equivalent(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy(equivalent)
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            var unmatched = b
            for member in a {
                guard
                    let index = unmatched.firstIndex(where: {
                        $0.key == member.key && equivalent($0.value, member.value)
                    })
                else { return false }
                unmatched.remove(at: index)
            }
            return true
        default:
            return lhs == rhs
        }
    }
}

/// Reads a stream of JSON values written one after another (the suite's multi-document `in.json`).
struct JSONStreamReader {
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var description: String { "invalid JSON at byte \(offset)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func readAll() throws(SyntaxError) -> [JSONValue] {
        var values: [JSONValue] = []
        skipWhitespace()
        while index < bytes.count {
            values.append(try readValue())
            skipWhitespace()
        }
        return values
    }

    private mutating func readValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw SyntaxError(offset: index) }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        default: return try readNumber()
        }
    }

    private mutating func readObject() throws(SyntaxError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try readList(closer: "}") { (reader: inout JSONStreamReader) throws(SyntaxError) in
            reader.skipWhitespace()
            let key = try reader.readString()
            reader.skipWhitespace()
            try reader.expect(":")
            members.append((key, try reader.readValue()))
        }
        return .object(members)
    }

    private mutating func readArray() throws(SyntaxError) -> JSONValue {
        var items: [JSONValue] = []
        try readList(closer: "]") { (reader: inout JSONStreamReader) throws(SyntaxError) in
            items.append(try reader.readValue())
        }
        return .array(items)
    }

    /// Reads `opener item, item… closer`, calling `item` for each element.
    private mutating func readList(
        closer: Unicode.Scalar, item: (inout JSONStreamReader) throws(SyntaxError) -> Void
    ) throws(SyntaxError) {
        index += 1  // the opener
        skipWhitespace()
        if peek() == UInt8(ascii: closer) {
            index += 1
            return
        }
        while true {
            try item(&self)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(closer)
            return
        }
    }

    private mutating func readString() throws(SyntaxError) -> String {
        try expect("\"")
        var units: [UInt16] = []  // UTF-16, so `\uD83D\uDE00` surrogate pairs combine
        while let byte = peek(), byte != UInt8(ascii: "\"") {
            if byte == UInt8(ascii: "\\") {
                units.append(contentsOf: try readEscape())
            } else {
                units.append(contentsOf: try readUTF8Character())
            }
        }
        try expect("\"")
        return String(decoding: units, as: UTF16.self)
    }

    private mutating func readEscape() throws(SyntaxError) -> [UInt16] {
        index += 1
        guard let byte = peek() else { throw SyntaxError(offset: index) }
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "u"):
            guard index + 4 <= bytes.count,
                let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw SyntaxError(offset: index) }
            index += 4
            return [unit]
        default: return [UInt16(byte)]  // `\"`, `\\`, `\/`
        }
    }

    private mutating func readUTF8Character() throws(SyntaxError) -> [UInt16] {
        let start = index
        index += 1
        while let byte = peek(), byte & 0xC0 == 0x80 { index += 1 }
        return Array(String(decoding: bytes[start..<index], as: UTF8.self).utf16)
    }

    private mutating func readNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        while let byte = peek(),
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || (byte >= 48 && byte <= 57)
        {
            index += 1
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw SyntaxError(offset: start)
        }
        return .number(value)
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        for scalar in word.unicodeScalars { try expect(scalar) }
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(SyntaxError) {
        guard peek() == UInt8(ascii: scalar) else { throw SyntaxError(offset: index) }
        index += 1
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }
}
