import Foundation
import LucidSupport

/// One step of the path from the body root to a value: an object key or an array index.
enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

extension ExampleChecker {
    // MARK: Paths

    /// Runs `body` with the path extended by `component`.
    func at<Result>(_ component: JSONPathComponent, _ body: () -> Result) -> Result {
        path.append(component)
        defer { path.removeLast() }
        return body()
    }

    /// Runs `body` with the path extended by `keys`.
    func at<Result>(keys: [String], _ body: () -> Result) -> Result {
        path += keys.map(JSONPathComponent.key)
        defer { path.removeLast(keys.count) }
        return body()
    }

    /// The current path as messages show it: `'data.results[2].title'`, or `the body root`.
    var here: String { Self.describe(path) }

    /// `'data.results[2].title'`: keys joined with dots, indexes in brackets; a key that would read as more than one
    /// step (with a dot, a bracket or a quote, or empty) as `["odd.key"]`.
    static func describe(_ path: [JSONPathComponent]) -> String {
        guard !path.isEmpty else { return "the body root" }
        var text = ""
        for component in path {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where key.isEmpty || key.contains(where: { ".[]'\"".contains($0) || $0.isWhitespace }):
                text += "[\"\(key)\"]"
            case .key(let key):
                text += text.isEmpty ? key : "." + key
            }
        }
        return "'\(text)'"
    }

    // MARK: Reports

    /// `<prefix>: '<path>' is <found>, which is not <expected>`, at `value` (which stands at the current path).
    func mismatch(_ value: JSONNode, expected: String, hint: String? = nil) {
        logs[logs.count - 1].add(at: value.position, hint: hint) {
            "\(prefix): \(here) is \(Self.describe(value)), which is not \(expected)"
        }
    }

    /// A warning at `position` (a key of the example): the decoder reads the body, but probably not as meant.
    func warning(at position: JSONPosition, hint: String? = nil, _ message: () -> String) {
        logs[logs.count - 1].add(at: position, warning: true, hint: hint) { "\(prefix): \(message())" }
    }

    /// `<prefix> reads <what> from <holder>, but the example has no '<key>'`, at `holder` (at the current path).
    func missing(_ key: String, reading what: String, in holder: JSONNode, fix: String? = nil) {
        logs[logs.count - 1].add(at: holder.position, fix: fix) {
            "\(prefix) reads \(what) from \(here), but the example has no '\(key)'"
        }
    }

    /// A found value as messages show it: `null`, `true`, `12.5`, `"2020/01/01"`, `a list`, `an object`; long
    /// numbers and strings are cut short.
    static func describe(_ value: JSONNode) -> String {
        switch value.content {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number(let text): return shortened(text)
        case .string(let text):
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(shortened(escaped))\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// At most 40 characters of `text`, the cut marked with `…`.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(39) + "…"
    }

    // MARK: Failable items and lenient values

    /// A failable item (of a list with `failable_items`): when it does not decode it is dropped, so the list still
    /// decodes — but the example is probably wrong, so its mismatches are reported as warnings, each saying which
    /// item would be dropped.
    func droppingOnFailure(_ body: () -> Bool) -> Bool {
        let (decodes, log) = separately(body)
        logs[logs.count - 1].merge(
            log, hint: decodes ? nil : "the item \(here) would be dropped (failable_items)", asWarnings: !decodes)
        return true
    }

    /// A lenient value: when it does not decode, the property falls back to its default (or nil), which is what
    /// `lenient` asks for, so its mismatches do not count. A value that decodes keeps what it logged (an item a
    /// failable list inside it would drop).
    func fallingBackOnFailure(_ body: () -> Bool) -> Bool {
        let (decodes, log) = separately(body)
        if decodes { logs[logs.count - 1].merge(log, hint: nil) }
        return true
    }

    /// Runs `body` with a log of its own: whether the value decodes, and what it logged, for the caller to keep or
    /// drop (a union without a tag would try its cases this way, keeping the log of none but the one that decodes).
    func separately(_ body: () -> Bool) -> (Bool, MismatchLog) {
        logs.append(MismatchLog())
        let decodes = body()
        return (decodes, logs.removeLast())
    }
}
