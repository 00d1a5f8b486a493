/// A color with 8-bit channels, coded as a hex string: `#RRGGBB`, or `#RRGGBBAA` when not opaque. Decoding also
/// takes `#RGB` and the same without `#` (`f29513`, as GitHub's label colours come).
public struct RGBAColor: Sendable, Hashable, Codable {
    /// The red channel.
    public var red: UInt8
    /// The green channel.
    public var green: UInt8
    /// The blue channel.
    public var blue: UInt8
    /// The alpha channel; 255 is opaque.
    public var alpha: UInt8

    /// Creates a color from its channels, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`, with or without the `#` (hex digits in either case).
    /// Returns `nil` for anything else.
    public init?(hex: String) {
        var utf8 = Array(hex.utf8)[...]
        // Many APIs leave out the `#`; nothing else could be meant by six hex digits.
        if utf8.first == UInt8(ascii: "#") { utf8 = utf8.dropFirst() }
        var digits: [UInt8] = []
        for byte in utf8 {
            guard let digit = Self.hexDigitValue(byte) else { return nil }
            digits.append(digit)
        }
        switch digits.count {
        case 3:
            self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        case 6, 8:
            let channels = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
            self.init(
                red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
        default:
            return nil
        }
    }

    /// `#RRGGBB` in upper case, or `#RRGGBBAA` when `alpha` is not 255.
    public var hex: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map(Self.twoDigits).joined()
    }

    /// Decodes the hex string.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a valid hex color.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBAColor(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "Expected a color as #RGB, #RRGGBB or #RRGGBBAA (the # optional), but found \"\(text)\"."
            )
        }
        self = color
    }

    /// Encodes the hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func twoDigits(_ value: UInt8) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return value < 16 ? "0" + text : text
    }
}
