import CYaml

/// Loads YAML streams with libyaml's event parser into `YAMLNode` trees.
public enum YAMLLoader {
    /// Every document of a YAML stream, in order. An empty stream has no documents.
    ///
    /// - Parameters:
    ///   - bytes: the stream (UTF-8, or UTF-16 with a byte order mark, as libyaml reads it).
    ///   - file: the path printed in diagnostics.
    public static func loadAll(
        _ bytes: [UInt8], file: String, options: YAMLOptions = .init()
    ) throws(YAMLError) -> [YAMLNode] {
        if let binary = binaryData(bytes, file: file) { throw YAMLError(binary) }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(.error("out of memory while starting the YAML parser", at: .start(of: file)))
        }
        defer { yaml_parser_delete(&parser) }
        var builder = TreeBuilder(file: file, options: options, end: endOfStream(bytes, file: file))
        let result: Result<[YAMLNode], YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failure(YAMLError(parserDiagnostic(parser, bytes: bytes, file: file)))
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return .success(builder.documents) }
                do throws(YAMLError) {
                    try builder.handle(event)
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// Bytes that are not text at all (an image, an archive, a program) are said to be so, rather than reported as
    /// their first odd byte. Like git's test, it looks for NUL bytes among the first 8,000, where text has none; two
    /// of them, since one stray NUL in a text file is better reported where it is, as the control character it is.
    private static func binaryData(_ bytes: [UInt8], file: String) -> Diagnostic? {
        let isUTF16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        let head = bytes.prefix(8000)
        guard !isUTF16, let first = head.firstIndex(of: 0), head[(first + 1)...].contains(0) else { return nil }
        let (line, column) = lineAndColumn(ofByte: first, in: bytes)
        return .error(
            "the file is not a YAML text file: it holds binary data (NUL bytes, the first here)",
            at: SourceLocation(file: file, line: line, column: column),
            hint: "a spec is UTF-8 text; is this the file you meant?")
    }

    /// A tab where libyaml stopped, in the indentation of the problem's line: YAML indents with spaces only, which
    /// libyaml's own words ("found character that cannot start any token") do not say.
    private static func tabIndentation(_ mark: yaml_mark_t, bytes: [UInt8], file: String) -> Diagnostic? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard Int(mark.line) < lines.count else { return nil }
        let indentation = lines[Int(mark.line)].prefix { $0 == 0x20 || $0 == 0x09 }
        guard let tab = indentation.firstIndex(of: 0x09) else { return nil }
        let column = tab - indentation.startIndex + 1
        return .error(
            "a tab indents this line; YAML indents with spaces only",
            at: SourceLocation(file: file, line: Int(mark.line) + 1, column: column),
            hint: "replace the tab with spaces (most editors can be set to insert spaces for the Tab key)")
    }

    /// libyaml's error as a diagnostic at the problem's position.
    private static func parserDiagnostic(_ parser: yaml_parser_t, bytes: [UInt8], file: String) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            let (line, column) = lineAndColumn(ofByte: parser.problem_offset, in: bytes)
            let detail = readerProblemValue(parser.problem_value, problem: problem).map { " (\($0))" } ?? ""
            return .error("\(problem)\(detail)", at: SourceLocation(file: file, line: line, column: column))
        }
        if let tab = tabIndentation(parser.problem_mark, bytes: bytes, file: file) { return tab }
        let end = endOfStream(bytes, file: file)
        let location = location(parser.problem_mark, file: file, end: end)
        guard let context = parser.context.map({ String(cString: $0) }) else {
            return .error(problem, at: location)
        }
        let start = self.location(parser.context_mark, file: file, end: end)
        // A quote left open swallows the rest of the file; the cause is where it opens, not where the file ends.
        if context == "while scanning a quoted scalar", problem == "found unexpected end of stream" {
            return .error(
                "unterminated string", at: start,
                hint: "the quote opened here is never closed, so the string runs to the end of the file")
        }
        return .error("\(problem) (\(context) at \(start.line):\(start.column))", at: location)
    }

    /// libyaml's value for a reader error: a raw byte for the "octet" problems, otherwise a decoded
    /// character, which is only the same as its byte below 0x80 (`U+FFFE` is not a byte); nil when none.
    private static func readerProblemValue(_ value: Int32, problem: String) -> String? {
        guard value >= 0 else { return nil }
        if value < 0x80 || problem.contains("octet") { return "byte \(hexByte(value))" }
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Where libyaml's `mark` is, or `end` when the mark lies past it (see `endOfStream`).
    static func location(_ mark: yaml_mark_t, file: String, end: SourceLocation? = nil) -> SourceLocation {
        let location = SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        guard let end else { return location }
        return min(location, end)
    }

    /// Where a stream that does not end in a line break ends, the end of its last line; nil for one that does. libyaml
    /// puts the end of such a stream (and an empty node or an error there) at the start of a line after it, a line
    /// the file does not have and editors cannot show. Only then is the input read a second time.
    static func endOfStream(_ bytes: [UInt8], file: String) -> SourceLocation? {
        let isUTF16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        if !isUTF16, let last = bytes.last, last == 0x0A || last == 0x0D { return nil }
        let (line, column) = lineAndColumn(ofByte: bytes.count, in: bytes)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// 1-based line and character column of a byte offset, counted as libyaml counts its marks, so that a reader
    /// error lands where a parser error at the same character would: a byte order mark takes no column, UTF-16
    /// input (with its mark) counts UTF-16 characters, and LF, CR, CRLF, NEL, LS and PS each end a line.
    static func lineAndColumn(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        var afterCR = false
        var characters = Characters(bytes)
        while let (start, scalar) = characters.next(), start < offset {
            switch scalar {
            case 0x0A where afterCR:
                break  // the LF of a CRLF: the CR already ended the line
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                line += 1
                column = 1
            case 0xFEFF where start == 0:
                break  // the byte order mark
            default:
                column += 1
            }
            afterCR = scalar == 0x0D
        }
        return (line, column)
    }

    /// Each character's byte offset and code point, in the encoding libyaml picks from the first bytes (UTF-16 after
    /// its byte order mark, UTF-8 otherwise). Bytes that are not UTF-8 count as the standard library, editors and
    /// browsers show them: each maximal invalid subsequence is one character (U+FFFD), so `E6 82` before a line
    /// break is one character, and the break right after it.
    private struct Characters: IteratorProtocol {
        let bytes: [UInt8]
        /// nil for UTF-8.
        let utf16LittleEndian: Bool?
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            utf16LittleEndian =
                bytes.starts(with: [0xFF, 0xFE]) ? true : bytes.starts(with: [0xFE, 0xFF]) ? false : nil
        }

        mutating func next() -> (start: Int, scalar: UInt32)? {
            let start = index
            if let littleEndian = utf16LittleEndian {
                guard let first = unit(at: index, littleEndian: littleEndian) else { return nil }
                // A high surrogate and the low one after it are one character.
                let pair =
                    (0xD800...0xDBFF).contains(first)
                    && unit(at: index + 2, littleEndian: littleEndian).map { (0xDC00...0xDFFF).contains($0) } == true
                index += pair ? 4 : 2
                return (start, first)
            }
            var iterator = bytes[index...].makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                index += encoded.count
                return (start, Unicode.UTF8.decode(encoded).value)
            case .error(let length):
                index += length
                return (start, 0xFFFD)
            case .emptyInput:
                return nil
            }
        }

        private func unit(at offset: Int, littleEndian: Bool) -> UInt32? {
            guard offset + 1 < bytes.count else { return nil }
            let (low, high) = littleEndian ? (bytes[offset], bytes[offset + 1]) : (bytes[offset + 1], bytes[offset])
            return UInt32(high) << 8 | UInt32(low)
        }
    }
}

/// `0x0A`-style spelling of a byte value for messages.
func hexByte(_ value: Int32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "0x" + (hex.count < 2 ? "0" + hex : hex)
}
