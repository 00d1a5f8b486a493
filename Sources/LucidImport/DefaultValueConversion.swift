import Foundation
import LucidSpec
import LucidSupport

/// Converts a Lucid `default_value` into a lucid-gen `default`, reading it as its property's type says.
///
/// Lucid writes `"current_date"` for now, `"nil"` for null, `"10s"` / `"100ms"` for durations and `".case"` for an
/// enum case; it checks the `s` suffix first, so it misreads `"100ms"` and any string ending in `s`. The import
/// reads each spelling only where the type allows it, so such strings stay strings.
struct DefaultValueConverter {
    let type: LucidType
    /// `property 'title' of entity 'movie'`, for messages.
    let what: String
    let diagnostics: ImportDiagnostics

    /// The default as the spec writes it; `isNull` when it is `null` (the property becomes nullable).
    struct Converted: Equatable {
        var value: SpecValue
        var isNull = false

        static let null = Converted(value: .literal("null"), isNull: true)
    }

    /// The converted default, or nil after reporting one lucid-gen cannot express.
    func convert(_ node: LocatedValue) -> Converted? {
        switch node.value {
        case .bool(let flag): return Converted(value: .bool(flag))
        case .number(let text): return number(text, node)
        case .string(let text): return string(text, node)
        case .null: return .null
        case .array, .object:
            unsupported("\(node.valueDescription) is not a Lucid default value", node)
            return nil
        }
    }

    private func number(_ text: String, _ node: LocatedValue) -> Converted? {
        guard type.shape == .plain, case .scalar(let scalar) = type.element,
            ["int", "double", "float", "seconds", "milliseconds"].contains(scalar)
        else {
            unsupported("the default \(text) does not fit \(what)", node)
            return nil
        }
        return Converted(value: .literal(text))
    }

    private func string(_ text: String, _ node: LocatedValue) -> Converted? {
        if text == "nil" { return .null }
        if type.shape == .plain, case .scalar(let scalar) = type.element {
            switch scalar {
            case "date":
                guard text == "current_date" else {
                    unsupported("the date default '\(text)' has no equivalent; only 'current_date' (now) has", node)
                    return nil
                }
                return Converted(value: .text("now"))
            case "seconds", "milliseconds":
                guard let duration = Self.duration(text, unit: scalar) else {
                    unsupported("'\(text)' is not a duration such as \"10s\" or \"100ms\"", node)
                    return nil
                }
                return Converted(value: .literal(duration))
            case "bool", "int", "double", "float":
                unsupported("the string default '\(text)' does not fit \(what)", node)
                return nil
            default:
                return Converted(value: .quoted(text))
            }
        }
        if type.shape == .plain, text.hasPrefix("."), text.count > 1 {
            return Converted(value: .text(String(text.dropFirst())))  // an enum case
        }
        return Converted(value: .quoted(text))
    }

    /// `"10s"`, `"1.5s"` or `"100ms"` (a bare number too) as a number of `unit` (seconds or milliseconds).
    static func duration(_ text: String, unit: String) -> String? {
        var number = Substring(text)
        var factor = 1.0
        if number.hasSuffix("ms") {
            number = number.dropLast(2)
            factor = unit == "seconds" ? 0.001 : 1
        } else if number.hasSuffix("s") {
            number = number.dropLast()
            factor = unit == "seconds" ? 1 : 1000
        }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        let converted = value * factor
        if converted == converted.rounded(), abs(converted) < 1e15 { return String(Int64(converted)) }
        return "\(converted)"
    }

    private func unsupported(_ message: String, _ node: LocatedValue) {
        diagnostics.error(message, at: node.location)
    }
}
