import LucidSpec

/// A validated default value spelled as a Swift expression of the property's type.
struct DefaultExpression {
    let naming: SwiftNaming

    func expression(_ value: DefaultValue, for type: TypeReference) -> String {
        switch (value, type) {
        case (.null, _): return "nil"
        case (.now, _): return "Date()"
        // `.none` where an optional is expected means nil, not the case: a case named `none` is spelled with its
        // type (`Level.none`).
        case (.enumCase(let name), .subtype(let enumName)) where naming.memberName(name) == "none":
            return naming.typeName(enumName) + ".none"
        case (.enumCase(let name), _): return "." + naming.escapedMemberName(name)
        case (.options(let names), _):
            return "[" + names.map { "." + naming.escapedMemberName($0) }.joined(separator: ", ") + "]"
        case (.emptyMap, _): return "[:]"
        case (.array(let items), .array(let element)):
            return "[" + items.map { expression($0, for: element) }.joined(separator: ", ") + "]"
        case (.bool(let flag), _): return flag ? "true" : "false"
        case (.int(let value), .scalar(let scalar)): return numberLiteral(exact: String(value), scalar)
        case (.double(let value), .scalar(.decimal)): return Self.decimalLiteral(value)
        case (.double(let value), .scalar(let scalar)) where !value.isFinite:
            return Self.nonFiniteLiteral(value, scalar)
        case (.double(let value), .scalar(let scalar)): return numberLiteral(exact: Self.decimalText(value), scalar)
        case (.string(let text), .scalar(let scalar)): return string(text, scalar)
        default: return "nil"  // unreachable for a validated spec: DefaultValueResolver rejects other pairs
        }
    }

    // The switches over `ScalarType` below have no `default:`, so that a new scalar type is named here by the
    // compiler: its default literal must be decided (DefaultValueResolver decides which defaults it accepts).

    private func numberLiteral(exact: String, _ scalar: ScalarType) -> String {
        switch scalar {
        case .seconds: return ".seconds(\(exact))"
        case .milliseconds: return ".milliseconds(\(exact))"
        case .double, .float, .decimal: return exact.contains(".") || exact.contains("e") ? exact : exact + ".0"
        case .int, .int64: return exact
        // No number default fits these (DefaultValueResolver).
        case .string, .bool, .date, .url, .uuid, .color, .data, .fileUpload: return exact
        }
    }

    private func string(_ text: String, _ scalar: ScalarType) -> String {
        switch scalar {
        case .string: return SwiftLiteral.string(text)
        case .url: return "URL(lucidLiteral: \(SwiftLiteral.string(text)))"
        case .uuid: return "UUID(lucidLiteral: \(SwiftLiteral.string(text)))"
        case .data: return "Data(base64Encoded: \(SwiftLiteral.string(text))) ?? Data()"
        // No string default fits these (DefaultValueResolver; a date's `now` is `DefaultValue.now`).
        case .int, .int64, .double, .float, .decimal, .bool, .date, .seconds, .milliseconds, .fileUpload:
            return SwiftLiteral.string(text)
        case .color:
            let digits = Array(text.dropFirst()).map { String($0) }
            let pairs =
                digits.count == 3
                ? digits.map { $0 + $0 } : stride(from: 0, to: digits.count, by: 2).map { digits[$0] + digits[$0 + 1] }
            let components = pairs.map { String(UInt8($0, radix: 16) ?? 0) }
            let alpha = components.count == 4 ? ", alpha: \(components[3])" : ""
            return "RGBAColor(red: \(components[0]), green: \(components[1]), blue: \(components[2])\(alpha))"
        }
    }

    /// `.infinity`, `-.infinity` or `.nan`, for the floating types (a duration of either is the validator's to
    /// reject; its unit's initializer would trap).
    private static func nonFiniteLiteral(_ value: Double, _ scalar: ScalarType) -> String {
        let literal = value.isNaN ? ".nan" : value < 0 ? "-.infinity" : ".infinity"
        switch scalar {
        case .seconds: return ".seconds(Double\(literal))"
        case .milliseconds: return ".milliseconds(Double\(literal))"
        case .double, .float: return literal
        // No infinite default fits these (DefaultValueResolver; `decimalLiteral` spells a decimal's).
        case .string, .int, .int64, .decimal, .bool, .date, .url, .uuid, .color, .data, .fileUpload: return literal
        }
    }

    /// A `Decimal` with exactly the value written: a whole number as an integer literal, anything else built
    /// from its digits, since a float literal would go through `Double` (`19.99` would become
    /// `19.98999999999999488`). Decimal has no infinity: those defaults are the validator's to reject.
    static func decimalLiteral(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if !value.isFinite { return value < 0 ? "-.greatestFiniteMagnitude" : ".greatestFiniteMagnitude" }
        let text = decimalText(value)
        guard text.contains(where: { $0 == "." || $0 == "e" }) else { return text }
        // `-1.5e-07` → sign, digits `15` and exponent -8.
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: "e", maxSplits: 1)
        var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if mantissa.count > 1 { exponent -= mantissa[1].count }
        var digits = Substring(mantissa.joined()).drop { $0 == "0" }
        while digits.count > 1, digits.last == "0" {
            digits.removeLast()
            exponent += 1
        }
        let sign = text.hasPrefix("-") ? ".minus" : ".plus"
        return "Decimal(sign: \(sign), exponent: \(exponent), significand: \(digits.isEmpty ? "0" : digits))"
    }

    /// `3.0` → `3`, `0.1` → `0.1`: the shortest text that reads back as the same double.
    static func decimalText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
