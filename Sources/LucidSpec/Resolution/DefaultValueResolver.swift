import Foundation

/// Turns a default into the typed value generation needs (`now` for dates, enum cases, option-set members),
/// reporting one that does not fit its property's type.
struct DefaultValueResolver {
    let context: DecodingContext
    let types: TypeResolution

    /// - Parameter itemLocations: where the items of a list default were written, to point at a bad item.
    func resolve(
        _ value: DefaultValue, for type: TypeReference, nullable: Bool, at location: SourceLocation,
        itemLocations: [SourceLocation] = []
    ) -> DefaultValue? {
        if value == .null {
            guard nullable else {
                context.error("default null needs 'nullable: true'", at: location)
                return nil
            }
            return .null
        }
        switch type {
        case .scalar(let scalar): return check(value, scalar, at: location)
        case .array(let element):
            guard case .array(let items) = value else { return mismatch(value, type, at: location) }
            let checked = items.enumerated().compactMap { index, item in
                resolve(
                    item, for: element, nullable: false,
                    at: index < itemLocations.count ? itemLocations[index] : location)
            }
            return checked.count == items.count ? .array(checked) : nil
        case .map:
            return value == .emptyMap ? .emptyMap : mismatch(value, type, at: location)
        case .subtype(let name):
            return check(value, subtype: name, type: type, at: location, itemLocations: itemLocations)
        case .entity, .named, .generic:
            context.error("an entity default can only be null", at: location)
            return nil
        case .parameter(let name):
            context.error(
                "a default of type parameter '\(name)' can only be null", at: location,
                hint: "the argument's type is not known where the generic is declared")
            return nil
        }
    }

    private func check(
        _ value: DefaultValue, subtype name: String, type: TypeReference, at location: SourceLocation,
        itemLocations: [SourceLocation]
    ) -> DefaultValue? {
        switch types.subtypes[name]?.kind {
        case .enumeration(let cases, _)?:
            guard case .string(let text) = value else { return mismatch(value, type, at: location) }
            let caseName = text.hasPrefix(".") ? String(text.dropFirst()) : text
            guard cases.contains(where: { $0.name == caseName }) else {
                context.error(
                    "'\(text)' is not a case of enum '\(name)'", at: location,
                    hint: Suggestions.hint(for: caseName, in: cases.map(\.name)))
                return nil
            }
            return .enumCase(caseName)
        case .optionSet(let options)?:
            guard case .array(let items) = value else { return mismatch(value, type, at: location) }
            var members: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let option) = item, options.contains(option) else {
                    let text: String
                    if case .string(let option) = item { text = option } else { text = describe(item) }
                    context.error(
                        "\(describe(item)) is not an option of '\(name)'",
                        at: index < itemLocations.count ? itemLocations[index] : location,
                        hint: Suggestions.hint(for: text, in: options))
                    return nil
                }
                members.append(option)
            }
            return .options(members)
        case .union?:
            context.error("a union default can only be null", at: location)
            return nil
        case .structure?, nil:
            context.error("a struct default can only be null", at: location)
            return nil
        }
    }

    private func check(_ value: DefaultValue, _ scalar: ScalarType, at location: SourceLocation) -> DefaultValue? {
        switch (scalar, value) {
        case (.string, .string), (.bool, .bool), (.int, .int), (.int64, .int):
            return value
        case (.double, .int(let number)), (.float, .int(let number)), (.decimal, .int(let number)),
            (.seconds, .int(let number)), (.milliseconds, .int(let number)):
            return .double(Double(number))
        case (.decimal, .double(let number)), (.seconds, .double(let number)), (.milliseconds, .double(let number)):
            // No infinite Decimal or Duration.
            return number.isFinite ? value : mismatch(value, .scalar(scalar), at: location)
        case (.float, .double(let number)) where number.isFinite && abs(number) > Double(Float.greatestFiniteMagnitude):
            context.error("default \(describe(value)) is too large for a float", at: location)
            return nil
        case (.double, .double), (.float, .double):
            return value
        case (.date, .string("now")):
            return .now
        case (.date, _):
            context.error("a date default can only be 'now'", at: location)
            return nil
        case (.url, .string(let text))
        where URLSyntax.firstInvalidCharacter(in: text) == nil && URL(string: text)?.scheme != nil,
            (.uuid, .string(let text)) where UUID(uuidString: text) != nil,
            (.color, .string(let text)) where Self.isColor(text),
            (.data, .string(let text)) where Data(base64Encoded: text) != nil:
            return value
        default:
            return mismatch(value, .scalar(scalar), at: location)
        }
    }

    private func mismatch(_ value: DefaultValue, _ type: TypeReference, at location: SourceLocation) -> DefaultValue? {
        context.error("default \(describe(value)) does not fit type '\(type)'", at: location)
        return nil
    }

    private func describe(_ value: DefaultValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return "'\(text)'"
        case .now: return "now"
        case .enumCase(let name): return "." + name
        case .options(let names): return "[\(names.joined(separator: ", "))]"
        case .array(let items): return "[\(items.map(describe).joined(separator: ", "))]"
        case .emptyMap: return "{}"
        }
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    static func isColor(_ text: String) -> Bool {
        guard text.first == "#" else { return false }
        let digits = text.dropFirst()
        return [3, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }
}
