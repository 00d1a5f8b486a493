import LucidSpec

/// A validated default value spelled as a Swift expression of the property's type.
struct DefaultExpression {
    let naming: SwiftNaming

    func expression(_ value: DefaultValue, for type: TypeReference) -> String {
        switch (value, type) {
        case (.null, _): return "nil"
        case (.now, _): return "Date()"
        case (.enumCase(let name), _): return "." + naming.escapedMemberName(name)
        case (.options(let names), _): return "[" + names.map { "." + naming.escapedMemberName($0) }.joined(separator: ", ") + "]"
        case (.emptyMap, _): return "[:]"
        case (.array(let items), .array(let element)):
            return "[" + items.map { expression($0, for: element) }.joined(separator: ", ") + "]"
        case (.bool(let flag), _): return flag ? "true" : "false"
        case (.int(let value), .scalar(let scalar)): return numberLiteral(exact: String(value), scalar)
        case (.double(let value), .scalar(let scalar)): return numberLiteral(exact: Self.decimalText(value), scalar)
        case (.string(let text), .scalar(let scalar)): return string(text, scalar)
        default: return "nil"  // unreachable for a validated spec: DefaultValueRules rejects other pairs
        }
    }

    private func numberLiteral(exact: String, _ scalar: ScalarType) -> String {
        switch scalar {
        case .seconds: return ".seconds(\(exact))"
        case .milliseconds: return ".milliseconds(\(exact))"
        case .double, .float, .decimal: return exact.contains(".") || exact.contains("e") ? exact : exact + ".0"
        default: return exact
        }
    }

    private func string(_ text: String, _ scalar: ScalarType) -> String {
        switch scalar {
        case .url: return "URL(lucidLiteral: \(SwiftLiteral.string(text)))"
        case .uuid: return "UUID(lucidLiteral: \(SwiftLiteral.string(text)))"
        case .data: return "Data(base64Encoded: \(SwiftLiteral.string(text))) ?? Data()"
        case .color:
            let digits = Array(text.dropFirst()).map { String($0) }
            let pairs = digits.count == 3 ? digits.map { $0 + $0 } : stride(from: 0, to: digits.count, by: 2).map { digits[$0] + digits[$0 + 1] }
            let components = pairs.map { String(UInt8($0, radix: 16) ?? 0) }
            let alpha = components.count == 4 ? ", alpha: \(components[3])" : ""
            return "RGBAColor(red: \(components[0]), green: \(components[1]), blue: \(components[2])\(alpha))"
        default: return SwiftLiteral.string(text)
        }
    }

    /// `3.0` → `3`, `0.1` → `0.1`: the shortest text that reads back as the same double.
    static func decimalText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
