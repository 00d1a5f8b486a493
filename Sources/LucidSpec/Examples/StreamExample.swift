import LucidSupport

/// A streaming endpoint's `example:`: a whole body as the server sends it (`curl -N` shows it), cut into items as
/// the runtime cuts a live one — server-sent events by the WHATWG rules, JSON Lines by line, JSON text sequences by
/// their record separator — so that each item's JSON can be checked where it is written in the file.
struct StreamExample {
    /// One item: its event name (`message` without an `event:` field) and its JSON text as a document the size of
    /// the lines before it plus its own, every byte that is not the item's text a space (line ends kept), so a JSON
    /// position in it is the position in the example file.
    struct Item {
        var event: String
        var text: [UInt8]
        var located: [UInt8]
        var line: Int
    }

    /// The file's items in order; the last event is taken even without the empty line that ends it (a file's last
    /// line end is easily lost), as the generated preview plays it.
    static func items(of bytes: [UInt8], format: StreamDescription.Format) -> [Item] {
        let lines = Self.lines(of: bytes)
        switch format {
        case .events: return events(in: lines, of: bytes)
        case .jsonLines, .jsonSeq:
            return lines.enumerated().compactMap { number, line -> Item? in
                var range = line
                // A JSON text sequence starts each record with RS (0x1E).
                while range.lowerBound < range.upperBound, bytes[range.lowerBound] == 0x1E {
                    range = range.lowerBound + 1..<range.upperBound
                }
                let text = Array(bytes[range])
                guard text.contains(where: { !Self.isSpace($0) }) else { return nil }
                return Item(event: "message", text: text, located: located([(number, range)], of: bytes), line: number)
            }
        }
    }

    /// Events: `field: value` lines gathered until an empty line; `data` lines joined, `event` the name, comments
    /// and other fields skipped.
    private static func events(in lines: [Range<Int>], of bytes: [UInt8]) -> [Item] {
        var items: [Item] = []
        var data: [(Int, Range<Int>)] = []
        var event = "message"
        func dispatch() {
            if !data.isEmpty {
                let text = data.map { Array(bytes[$0.1]) }.joined(separator: [0x0A]).map { $0 }
                items.append(Item(event: event, text: text, located: located(data, of: bytes), line: data[0].0))
            }
            data = []
            event = "message"
        }
        for (number, line) in lines.enumerated() {
            guard !line.isEmpty else {
                dispatch()
                continue
            }
            guard bytes[line.lowerBound] != 0x3A else { continue }  // a comment
            let colon = bytes[line].firstIndex(of: 0x3A) ?? line.upperBound
            var value = colon < line.upperBound ? colon + 1 : colon
            if value < line.upperBound, bytes[value] == 0x20 { value += 1 }
            switch String(decoding: bytes[line.lowerBound..<colon], as: UTF8.self) {
            case "data": data.append((number, value..<line.upperBound))
            case "event": event = String(decoding: bytes[value..<line.upperBound], as: UTF8.self)
            default: break
            }
        }
        dispatch()
        return items
    }

    /// The lines of `bytes` (ended by LF, CR or CRLF), without their ends; a leading byte order mark is skipped.
    private static func lines(of bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        return lines
    }

    /// Empty lines up to the item's first, then each of its lines with everything but the item's text as spaces.
    private static func located(_ pieces: [(line: Int, range: Range<Int>)], of bytes: [UInt8]) -> [UInt8] {
        guard let first = pieces.first else { return [] }
        var result = [UInt8](repeating: 0x0A, count: first.line)
        var line = first.line
        for piece in pieces {
            while line < piece.line {
                result.append(0x0A)
                line += 1
            }
            // The columns before the text: the field name, the colon and the space, as spaces.
            let lineStart = Self.lineStart(before: piece.range.lowerBound, in: bytes)
            result += [UInt8](repeating: 0x20, count: piece.range.lowerBound - lineStart)
            result += bytes[piece.range]
        }
        return result
    }

    private static func lineStart(before index: Int, in bytes: [UInt8]) -> Int {
        var start = index
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return start
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
