/// Parses type expressions: `int`, `[genre]`, `{string: double}`, `page<track>` (a generic struct with its type
/// arguments), with an optional trailing `?` for nullable.
enum TypeExpression {
    struct Parsed: Equatable {
        var type: TypeReference
        var nullable: Bool
    }

    /// Nil when the text is not a well-formed type expression.
    static func parse(_ text: String) -> Parsed? {
        if isPlainName(text) {  // the common case, `string` or `genre`, without the general parser
            return Parsed(type: ScalarType(rawValue: text).map(TypeReference.scalar) ?? .named(text), nullable: false)
        }
        var trimmed = Substring(text).trimmingSpaces()
        var nullable = false
        if trimmed.hasSuffix("?") {
            nullable = true
            trimmed = trimmed.dropLast().trimmingSpaces()
        }
        var parser = Parser(text: trimmed)
        guard let type = parser.parseType(), parser.atEnd else { return nil }
        return Parsed(type: type, nullable: nullable)
    }

    private static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95
            }
    }

    private struct Parser {
        var text: Substring

        var atEnd: Bool { text.isEmpty }

        mutating func parseType() -> TypeReference? {
            text = text.trimmingSpaces()
            if text.first == "[" {
                text.removeFirst()
                guard let element = parseType(), consume("]") else { return nil }
                return .array(element)
            }
            if text.first == "{" {
                text.removeFirst()
                guard parseName() == "string", consume(":"), let value = parseType(), consume("}") else { return nil }
                return .map(value)
            }
            guard let name = parseName() else { return nil }
            if text.trimmingSpaces().first == "<" {
                _ = consume("<")
                var arguments: [TypeReference] = []
                repeat {
                    guard let argument = parseType() else { return nil }
                    arguments.append(argument)
                } while consume(",")
                guard consume(">") else { return nil }
                return .generic(name, arguments)
            }
            return ScalarType(rawValue: name).map(TypeReference.scalar) ?? .named(name)
        }

        private mutating func parseName() -> String? {
            text = text.trimmingSpaces()
            let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty else { return nil }
            text = text.dropFirst(name.count)
            return String(name)
        }

        private mutating func consume(_ character: Character) -> Bool {
            text = text.trimmingSpaces()
            guard text.first == character else { return false }
            text.removeFirst()
            text = text.trimmingSpaces()
            return true
        }
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
