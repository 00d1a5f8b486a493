import LucidSpec

/// The Swift statements that decode and encode one property, decided from its type and options.
struct PropertyCoding {
    let property: Property
    let types: SwiftTypes
    let defaults: DefaultExpression
    let keys: CodingKeyNames
    /// The name of the stored property (`_originalTitle` for a deprecated one).
    let storedName: String

    private var first: String { property.keyPath[0] }
    private var nestedPath: [String] { Array(property.keyPath.dropFirst().dropLast()) }
    private var isNested: Bool { property.keyPath.count > 1 }
    private var leafKey: String { isNested ? SwiftLiteral.string(property.keyPath[property.keyPath.count - 1]) : "." + keys[first] }
    private var pathLiteral: String { "[" + nestedPath.map(SwiftLiteral.string).joined(separator: ", ") + "]" }
    private var defaultValue: String? {
        guard let value = property.defaultValue, value != .null else { return nil }
        return defaults.expression(value, for: property.type)
    }
    /// Whether a missing or null value is allowed (it becomes nil or the default).
    private var isOptional: Bool { property.nullable || defaultValue != nil || property.lenient }

    // MARK: Decoding

    /// `title = try container.decode(String.self, forKey: .title)` and its variants.
    var decodeStatement: String {
        "\(storedName) = \(property.lazy ? lazyDecode : valueDecode(optional: isOptional))"
    }

    private var lazyDecode: String {
        let present = isNested
            ? "(try container.nestedIfPresent(.\(keys[first]), \(pathLiteral)))?.contains(\(leafKey)) == true"
            : "container.contains(.\(keys[first]))"
        return "\(present) ? .requested(\(valueDecode(optional: property.nullable))) : .unrequested"
    }

    private func valueDecode(optional: Bool) -> String {
        let container = isNested
            ? (optional ? "container.nestedIfPresent(.\(keys[first]), \(pathLiteral))?" : "container.nested(.\(keys[first]), \(pathLiteral))")
            : "container"
        let call = "\(container).\(decodeCall(optional: optional))"
        if property.lenient, !needsFormat {
            let fallback = defaultValue.map { " ?? \($0)" } ?? ""
            return isNested ? "(try? \(call))\(fallback)" : "\(call)\(fallback)"
        }
        let expression = "try \(call)"
        if property.lenient { return "(try? \(call))" + (defaultValue.map { " ?? \($0)" } ?? "") }
        guard optional, let defaultValue, !property.lazy else { return expression }
        return "\(expression) ?? \(defaultValue)"
    }

    private var needsFormat: Bool {
        switch property.type {
        case .scalar(.date), .array(.scalar(.date)), .scalar(.seconds), .scalar(.milliseconds): return true
        default: return false
        }
    }

    /// The method call on the container, without `try`.
    private func decodeCall(optional: Bool) -> String {
        let ifPresent = optional ? "IfPresent" : ""
        let element = property.type.isArray ? types.valueType(property.type.elementType, idOnly: property.idOnly) : ""
        switch property.type {
        case .scalar(.date):
            return "decodeDate\(ifPresent)(forKey: \(leafKey), format: \(dateFormat))"
        case .array(.scalar(.date)):
            return "decodeDates\(ifPresent)(forKey: \(leafKey), format: \(dateFormat))"
        case .scalar(.seconds), .scalar(.milliseconds):
            return "decodeDuration\(ifPresent)(forKey: \(leafKey), unit: \(durationUnit))"
        case .array where property.failableItems:
            return "decodeFailableArray\(ifPresent)(\(element).self, forKey: \(leafKey))"
        default:
            let type = types.valueType(property.type, idOnly: property.idOnly)
            return property.lenient ? "decodeLenient(\(type).self, forKey: \(leafKey))" : "decode\(ifPresent)(\(type).self, forKey: \(leafKey))"
        }
    }

    // MARK: Encoding

    /// `try container.encode(title, forKey: .title)` and its variants.
    var encodeStatement: String {
        guard property.lazy else { return encode(storedName, optional: property.nullable) }
        return "if case .requested(let value) = \(storedName) { \(encode("value", optional: property.nullable)) }"
    }

    private func encode(_ value: String, optional: Bool) -> String {
        guard isNested else { return "try container.\(encodeCall(value, optional: optional))" }
        let nested = { (value: String, optional: Bool) in
            "try container.encodeNested(.\(keys[first]), \(pathLiteral)) { try $0.\(encodeCall(value, optional: optional)) }"
        }
        return optional ? "if let \(value == "value" ? "value" : value) = \(value) { \(nested(value, false)) }" : nested(value, false)
    }

    private func encodeCall(_ value: String, optional: Bool) -> String {
        let ifPresent = optional ? "IfPresent" : ""
        switch property.type {
        case .scalar(.date): return "encodeDate\(ifPresent)(\(value), forKey: \(leafKey), format: \(dateFormat))"
        case .array(.scalar(.date)): return "encodeDates\(ifPresent)(\(value), forKey: \(leafKey), format: \(dateFormat))"
        case .scalar(.seconds), .scalar(.milliseconds):
            return "encodeDuration\(ifPresent)(\(value), forKey: \(leafKey), unit: \(durationUnit))"
        default: return "encode\(ifPresent)(\(value), forKey: \(leafKey))"
        }
    }

    // MARK: Formats

    private var dateFormat: String {
        switch property.dateFormat ?? .iso8601 {
        case .iso8601: return ".iso8601"
        case .iso8601Fractional: return ".iso8601Fractional"
        case .epochSeconds: return ".epochSeconds"
        case .epochMilliseconds: return ".epochMilliseconds"
        case .pattern(let pattern): return ".pattern(\(SwiftLiteral.string(pattern)))"
        }
    }

    private var durationUnit: String { property.type == .scalar(.milliseconds) ? ".milliseconds" : ".seconds" }
}
