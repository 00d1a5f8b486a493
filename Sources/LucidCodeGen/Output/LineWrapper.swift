import Foundation

/// Breaks generated lines longer than 120 columns the way a person would, so that long names or many parameters
/// never push code past the width every generated file keeps:
///
/// 1. a ternary before its `?` and `:`, a `??` before the operator;
/// 2. a one-line block (`if x { a } else { b }`, `name: { try … }`) into its lines;
/// 3. a call's, declaration's or literal's list (`(`, `[`) one item per line, the closing bracket on its own line;
/// 4. a declaration without parameters before its `->`, and as a last resort an assignment after its `=`, a
///    labelled argument after its `:` or a generic argument list (`BackendResource<…, …, NoAuth>`) one type per
///    line.
///
/// Each produced line is wrapped again until it fits or nothing is left to break: a string literal is data (a JSON
/// key, a raw value) and is never split, so a line holding a literal longer than the width stays long.
/// Comment lines are wrapped at spaces, keeping their `///` prefix. Lines in or opening a multi-line string
/// literal are left alone: their text is data (an `example:` body), not code.
enum LineWrapper {
    /// The widest a generated line may be.
    static let width = 120

    /// `text` with every line within `width` that can be broken. Lines are found and classified on the UTF-8
    /// bytes; only a line with more bytes than the width is looked at as characters, so a file whose lines all
    /// fit costs one pass over its bytes.
    static func wrap(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes -> String? in
            var output = ""
            var inMultilineString = false
            var start = 0
            var copied = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                let line = UnsafeBufferPointer(rebasing: bytes[start..<index])
                defer { start = index + 1 }
                // Generated code opens a multi-line literal at the end of a line (`#"""`) and closes it at the start
                // of one (`"""#`).
                if inMultilineString {
                    if Self.startsAfterSpaces(line, with: "\"\"\"") { inMultilineString = false }
                    continue
                }
                if !Self.startsAfterSpaces(line, with: "//"), Self.opensMultilineString(line) {
                    inMultilineString = true
                    continue
                }
                guard line.count > width else { continue }
                let pieces = wrapped(String(decoding: line, as: UTF8.self))
                guard pieces.count > 1 else { continue }
                // The untouched lines before this one as they are, then the pieces.
                if output.isEmpty { output.reserveCapacity(bytes.count + bytes.count / 8) }
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[copied..<start]), as: UTF8.self)
                output += pieces.joined(separator: "\n")
                copied = index
            }
            if copied == 0 { return nil }
            output += String(decoding: UnsafeBufferPointer(rebasing: bytes[copied...]), as: UTF8.self)
            return output
        } ?? text
    }

    /// Whether `line`, after its leading spaces, starts with `prefix` (ASCII).
    private static func startsAfterSpaces(_ line: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        var index = 0
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        let prefixBytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard line.count - index >= prefixBytes.count else { return false }
        return prefixBytes.indices.allSatisfy { line[index + $0] == prefixBytes[$0] }
    }

    /// Whether `line` ends with the opening delimiter of a multi-line string literal (`"""`, `#"""`).
    private static func opensMultilineString(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "#") { end -= 1 }
        return end >= 3 && line[end - 3..<end].allSatisfy { $0 == UInt8(ascii: "\"") }
    }

    /// The lines `line` becomes.
    static func wrapped(_ line: String, depth: Int = 0) -> [String] {
        guard line.count > width, depth < 32 else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let code = line.dropFirst(indent.count)
        let pieces: [String]?
        if code.hasPrefix("//") {
            pieces = comment(code, indent: indent)
        } else {
            let scan = Scan(code)
            pieces =
                scan.ternary(indent: indent) ?? scan.coalescing(indent: indent) ?? scan.blocks(indent: indent)
                ?? scan.list(indent: indent) ?? scan.arrow(indent: indent) ?? scan.assignment(indent: indent)
                ?? scan.labelled(indent: indent) ?? scan.genericArguments(indent: indent)
        }
        guard let pieces, pieces.count > 1 else { return [line] }
        return pieces.flatMap { wrapped($0, depth: depth + 1) }
    }

    /// A comment broken at the last space that fits, each line with the comment's prefix (`///`, and the
    /// spaces after it, so a parameter list's continuation stays aligned).
    private static func comment(_ code: Substring, indent: String) -> [String]? {
        let slashes = code.prefix { $0 == "/" }
        let spaces = code.dropFirst(slashes.count).prefix { $0 == " " }
        let prefix = indent + slashes + spaces
        let words = code.dropFirst(slashes.count + spaces.count)
        let limit = width - prefix.count
        guard limit > 20 else { return nil }
        var lines: [String] = []
        var current = ""
        for word in words.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > limit {
                lines.append(prefix + current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(prefix + current)
        return lines.count > 1 ? lines : nil
    }
}

/// One line of code with its brackets matched and its string literals skipped: where it may be broken.
private struct Scan {
    let characters: [UInt8]
    /// For each character, how many brackets (`(`, `[`, `{`, generic `<`) enclose it; -1 inside a string literal.
    let depths: [Int]
    /// For each opening bracket, the index of the bracket that closes it on this line.
    let closing: [Int: Int]

    init(_ code: Substring) {
        characters = Array(code.utf8)
        var depths: [Int] = []
        var closing: [Int: Int] = [:]
        var stack: [Int] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == UInt8(ascii: "\"")
                || (character == UInt8(ascii: "#") && Self.startsRawString(characters, at: index))
            {
                let end = Self.endOfString(characters, from: index)
                depths += Array(repeating: -1, count: end - index)
                index = end
                continue
            }
            if Self.opens(characters, at: index) {
                depths.append(stack.count)
                stack.append(index)
            } else if Self.closes(characters, at: index, stack: stack) {
                let open = stack.removeLast()
                closing[open] = index
                depths.append(stack.count)
            } else {
                depths.append(stack.count)
            }
            index += 1
        }
        self.depths = depths
        self.closing = closing
    }

    private static func opens(_ characters: [UInt8], at index: Int) -> Bool {
        switch characters[index] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return true
        case UInt8(ascii: "<"):
            // A generic argument list follows a name directly (`Lazy<Int>`); a comparison or shift has spaces.
            guard index > 0, index + 1 < characters.count else { return false }
            let before = characters[index - 1], after = characters[index + 1]
            return isIdentifierByte(before) && after != UInt8(ascii: " ") && after != UInt8(ascii: "<")
                && after != UInt8(ascii: "=")
        default: return false
        }
    }

    private static func closes(_ characters: [UInt8], at index: Int, stack: [Int]) -> Bool {
        guard let open = stack.last else { return false }
        switch (characters[open], characters[index]) {
        case (UInt8(ascii: "("), UInt8(ascii: ")")), (UInt8(ascii: "["), UInt8(ascii: "]")),
            (UInt8(ascii: "{"), UInt8(ascii: "}")):
            return true
        case (UInt8(ascii: "<"), UInt8(ascii: ">")):
            return index > 0 && characters[index - 1] != UInt8(ascii: "-") && characters[index - 1] != UInt8(ascii: " ")
        default: return false
        }
    }

    private static func startsRawString(_ characters: [UInt8], at index: Int) -> Bool {
        var next = index
        while next < characters.count, characters[next] == UInt8(ascii: "#") { next += 1 }
        return next < characters.count && characters[next] == UInt8(ascii: "\"")
            && (index == 0 || characters[index - 1] != UInt8(ascii: "#"))
    }

    /// The index just after the string literal starting at `start` (a `"` or the first `#` of a raw string).
    private static func endOfString(_ characters: [UInt8], from start: Int) -> Int {
        var hashes = 0
        var index = start
        while characters[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        index += 1  // the opening quote
        while index < characters.count {
            if characters[index] == UInt8(ascii: "\\"), hashes == 0 {
                index += 2
                continue
            }
            if characters[index] == UInt8(ascii: "\"") {
                var end = index + 1
                var closingHashes = 0
                while end < characters.count, characters[end] == UInt8(ascii: "#"), closingHashes < hashes {
                    closingHashes += 1
                    end += 1
                }
                if closingHashes == hashes { return end }
            }
            index += 1
        }
        return characters.count
    }

    /// The code in `range` without the spaces around it.
    private func text(_ range: Range<Int>) -> String {
        var slice = characters[range]
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice.removeFirst() }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { slice.removeLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A byte of a name: ASCII letters, digits and `_`, and any byte of a non-ASCII character.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), 0x80...:
            return true
        default: return false
        }
    }

    /// Indices of `token` at bracket depth 0.
    private func topLevel(_ token: String) -> [Int] {
        let pattern = Array(token.utf8)
        guard characters.count >= pattern.count else { return [] }
        return (0...(characters.count - pattern.count)).filter { index in
            depths[index] == 0 && characters[index..<(index + pattern.count)].elementsEqual(pattern)
        }
    }

    /// `a ? b : c` as `a`, `? b`, `: c`.
    func ternary(indent: String) -> [String]? {
        guard let question = topLevel(" ? ").first,
            let colon = topLevel(" : ").first(where: { $0 > question })
        else { return nil }
        let continuation = indent + "    "
        return [
            indent + text(0..<question),
            continuation + text((question + 1)..<colon),
            continuation + text((colon + 1)..<characters.count),
        ]
    }

    /// `a ?? b` as `a`, `?? b` (at the first `??`; the rest is wrapped again).
    func coalescing(indent: String) -> [String]? {
        guard let operatorIndex = topLevel(" ?? ").first else { return nil }
        return [indent + text(0..<operatorIndex), indent + "    " + text((operatorIndex + 1)..<characters.count)]
    }

    /// The first top-level `{ … }` on the line expanded: its statements on their own lines, a closure's
    /// parameters (`_, _ in`) kept on the opening line. `} else {` joins what follows.
    func blocks(indent: String) -> [String]? {
        guard
            let open = (0..<characters.count).first(where: { characters[$0] == UInt8(ascii: "{") && depths[$0] == 0 }),
            let close = closing[open], close > open + 1
        else { return nil }
        var head = text(0..<(open + 1))
        var body = text((open + 1)..<close)
        if let parameters = body.range(of: #"^[\w$, ]+ in( |$)"#, options: .regularExpression) {
            head += " " + body[parameters].trimmingCharacters(in: .whitespaces)
            body = String(body[parameters.upperBound...])
        }
        guard !body.isEmpty else { return nil }
        let tail = text((close + 1)..<characters.count)
        let lines = [indent + head, indent + "    " + body]
        // `} else { … }` is expanded with its `if`, whatever its width.
        if tail.hasPrefix("else "), let elseLines = Scan(Substring("} " + tail)).blocks(indent: indent) {
            return lines + elseLines
        }
        let joiner = tail.isEmpty || tail.hasPrefix(",") || tail.hasPrefix(")") ? "" : " "
        return lines + [indent + "}" + joiner + tail]
    }

    /// `func f() -> T {` as `func f()`, `-> T {`: for a declaration without parameters to break.
    func arrow(indent: String) -> [String]? {
        guard let arrow = topLevel(" -> ").first else { return nil }
        return [indent + text(0..<arrow), indent + "    " + text((arrow + 1)..<characters.count)]
    }

    /// `a = b` as `a =`, `b`: the last resort, for an assignment of names too long to share a line.
    func assignment(indent: String) -> [String]? {
        guard let equals = topLevel(" = ").first else { return nil }
        return [indent + text(0..<(equals + 2)), indent + "    " + text((equals + 3)..<characters.count)]
    }

    /// `label: value` as `label:`, `value`: the last resort for an argument of names too long to share a line.
    func labelled(indent: String) -> [String]? {
        guard let colon = topLevel(": ").first else { return nil }
        return [indent + text(0..<(colon + 1)), indent + "    " + text((colon + 2)..<characters.count)]
    }

    /// The first top-level `(…)` or `[…]` holding a comma (else the one holding the most), one item per line.
    func list(indent: String) -> [String]? {
        let candidates = (0..<characters.count).filter { index in
            depths[index] == 0 && (characters[index] == UInt8(ascii: "(") || characters[index] == UInt8(ascii: "["))
                && (closing[index] ?? 0) > index + 1
        }
        // Without a list of several items, break the bracket that holds the most: the outer call, not a short
        // argument before it (`accessor(for: X.self).fetch(<long resource>)` breaks inside `fetch(`).
        let longest = candidates.max { (closing[$0]! - $0) < (closing[$1]! - $1) }
        guard let open = candidates.first(where: holdsComma) ?? longest else { return nil }
        return items(of: open, indent: indent)
    }

    /// The first top-level generic argument list holding a comma, one type per line: the last resort, for a type
    /// of names too long to share a line (`-> BackendResource<LongRequest, LongResponse, NoAuth> {`).
    func genericArguments(indent: String) -> [String]? {
        let open = (0..<characters.count).first { index in
            depths[index] == 0 && characters[index] == UInt8(ascii: "<") && closing[index] != nil && holdsComma(index)
        }
        return open.map { items(of: $0, indent: indent) }
    }

    /// Whether the bracket opening at `open` holds a comma of its own (not one of a nested bracket).
    private func holdsComma(_ open: Int) -> Bool {
        guard let close = closing[open] else { return false }
        return ((open + 1)..<close).contains { characters[$0] == UInt8(ascii: ",") && depths[$0] == depths[open] + 1 }
    }

    /// The line broken inside the bracket opening at `open` (at depth 0): what comes before it and the bracket, each
    /// item on its own line, then the closing bracket and the rest.
    private func items(of open: Int, indent: String) -> [String] {
        let close = closing[open]!
        var items: [String] = []
        var start = open + 1
        for index in (open + 1)..<close where characters[index] == UInt8(ascii: ",") && depths[index] == 1 {
            items.append(text(start..<index))
            start = index + 1
        }
        items.append(text(start..<close))
        let inner = indent + "    "
        let lines = items.enumerated().map { offset, item in inner + item + (offset < items.count - 1 ? "," : "") }
        return [indent + text(0..<(open + 1))] + lines + [indent + text(close..<characters.count)]
    }
}
