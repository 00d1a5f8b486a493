import Foundation

extension Data {
    /// Decodes base64 text as servers send it: standard base64 (RFC 4648 §4, padded) and MIME base64 (RFC 2045
    /// §6.8), whose lines of 76 characters end in CRLF. Carriage returns, line feeds, spaces and tabs are ignored
    /// wherever they are; any other character outside the base64 alphabet, padding anywhere but at the end, or a
    /// length (without those) that is not a multiple of 4 makes it `nil`.
    ///
    /// `JSONDecoder.payloadDecoder()` decodes `Data` properties with this rule; generated code calls it for data
    /// read from elsewhere, such as a header.
    public init?(lenientBase64 text: String) {
        guard case .success(let data) = LenientBase64.decode(text) else { return nil }
        self = data
    }
}

/// The rule behind `Data(lenientBase64:)`, with the reason when text is not base64, for decoding errors.
enum LenientBase64 {
    /// Why text is not base64. The reasons name a character and a position, never the text: a data value can be
    /// long, and may be a secret.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// A character outside the alphabet, at this offset (in UTF-8 bytes) of the text.
        case invalidCharacter(Character, offset: Int)
        /// A `=` followed by something other than one more `=`, at this offset of the text.
        case misplacedPadding(offset: Int)
        /// The count of base64 characters, padding included, is not a multiple of 4.
        case length(Int)

        var description: String {
            switch self {
            case .invalidCharacter(let character, let offset):
                "the character \(Self.describe(character)) at offset \(offset) is not base64"
            case .misplacedPadding(let offset):
                "the padding '=' at offset \(offset) is not at the end"
            case .length(let count):
                "\(count) base64 characters are not a multiple of 4 (is the padding missing?)"
            }
        }

        /// A printable character in quotes, anything else as its code point: a control character in an error
        /// message would garble a log line.
        private static func describe(_ character: Character) -> String {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, scalar.properties.generalCategory.isPrintable {
                return "'\(character)'"
            }
            return scalars.map { scalar in
                let digits = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            }.joined(separator: " ")
        }
    }

    /// The bytes `text` encodes, or why it is not base64. Reads UTF-8 bytes rather than characters: a data value
    /// may be megabytes long.
    static func decode(_ text: String) -> Result<Data, Problem> {
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(text.utf8.count)
        var paddingOffset: Int?
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "="):
                paddingOffset = paddingOffset ?? offset
            case _ where isAlphabet(byte):
                if let paddingOffset { return .failure(.misplacedPadding(offset: paddingOffset)) }
            default:
                return .failure(.invalidCharacter(character(at: offset, in: text), offset: offset))
            }
            cleaned.append(byte)
        }
        guard cleaned.count % 4 == 0 else { return .failure(.length(cleaned.count)) }
        // More than two `=` (`a===`) passes the checks above; Foundation refuses it, and so does this.
        guard let data = Data(base64Encoded: Data(cleaned)) else {
            return .failure(.misplacedPadding(offset: paddingOffset ?? 0))
        }
        return .success(data)
    }

    /// The character whose UTF-8 encoding starts at (or includes) byte `offset` of `text`.
    private static func character(at offset: Int, in text: String) -> Character {
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return Character(text.unicodeScalars[index.samePosition(in: text.unicodeScalars) ?? index])
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    /// The `dataDecodingStrategy` of `JSONDecoder.payloadDecoder()`: a JSON string decoded by this rule.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the value's coding path, saying what is wrong (without the
    ///   value) when the string is not base64; the usual `DecodingError` when the value is not a string.
    @Sendable static func decode(from decoder: any Decoder) throws -> Data {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        switch decode(text) {
        case .success(let data):
            return data
        case .failure(let problem):
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected base64 data, but \(problem).")
        }
    }
}

extension Unicode.GeneralCategory {
    /// Whether characters of this category show as something in a log line (letters, marks, numbers, punctuation,
    /// symbols and the plain space).
    fileprivate var isPrintable: Bool {
        switch self {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }
}
