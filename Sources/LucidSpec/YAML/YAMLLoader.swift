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
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(.error("out of memory while starting the YAML parser", at: .start(of: file)))
        }
        defer { yaml_parser_delete(&parser) }
        var builder = TreeBuilder(file: file, options: options)
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

    /// libyaml's error as a diagnostic at the problem's position.
    private static func parserDiagnostic(_ parser: yaml_parser_t, bytes: [UInt8], file: String) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            let (line, column) = lineAndColumn(ofByte: parser.problem_offset, in: bytes)
            let detail = readerProblemValue(parser.problem_value, problem: problem).map { " (\($0))" } ?? ""
            return .error("\(problem)\(detail)", at: SourceLocation(file: file, line: line, column: column))
        }
        let location = location(parser.problem_mark, file: file)
        guard let context = parser.context.map({ String(cString: $0) }) else {
            return .error(problem, at: location)
        }
        let start = self.location(parser.context_mark, file: file)
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

    static func location(_ mark: yaml_mark_t, file: String) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// 1-based line and character column of a byte offset.
    static func lineAndColumn(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // count characters, not UTF-8 continuation bytes
            }
        }
        return (line, column)
    }
}

/// `0x0A`-style spelling of a byte value for messages.
func hexByte(_ value: Int32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "0x" + (hex.count < 2 ? "0" + hex : hex)
}
