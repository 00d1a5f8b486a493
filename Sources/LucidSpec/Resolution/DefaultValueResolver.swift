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

    /// The default a property of type `scalar` may have, one case per scalar (no `default:`, so that a new scalar
    /// type is named here by the compiler); nil after reporting one it may not.
    private func check(_ value: DefaultValue, _ scalar: ScalarType, at location: SourceLocation) -> DefaultValue? {
        let fits: Bool
        switch scalar {
        case .string: fits = value.isString
        case .bool: fits = value.isBool
        case .int, .int64: fits = value.isInt
        case .double: return number(value, scalar, finite: false, at: location)
        case .float:
            if case .double(let number) = value, number.isFinite, abs(number) > Double(Float.greatestFiniteMagnitude) {
                context.error("default \(describe(value)) is too large for a float", at: location)
                return nil
            }
            return number(value, scalar, finite: false, at: location)
        // No infinite Decimal or Duration.
        case .decimal, .seconds, .milliseconds: return number(value, scalar, finite: true, at: location)
        case .date:
            guard value == .string("now") else {
                context.error("a date default can only be 'now'", at: location)
                return nil
            }
            return .now
        case .url:
            fits =
                value.text.map { URLSyntax.firstInvalidCharacter(in: $0) == nil && URL(string: $0)?.scheme != nil }
                ?? false
        case .uuid: fits = value.text.map { UUID(uuidString: $0) != nil } ?? false
        case .color: fits = value.text.map(Self.isColor) ?? false
        case .data: fits = value.text.map { Data(base64Encoded: $0) != nil } ?? false
        case .fileUpload: fits = false
        }
        return fits ? value : mismatch(value, .scalar(scalar), at: location)
    }

    /// A number default as a double (an integer one converted), or nil after reporting one that is not a number
    /// or, with `finite`, is infinite or not a number.
    private func number(
        _ value: DefaultValue, _ scalar: ScalarType, finite: Bool, at location: SourceLocation
    ) -> DefaultValue? {
        switch value {
        case .int(let number): return .double(Double(number))
        case .double(let number) where !finite || number.isFinite: return value
        default: return mismatch(value, .scalar(scalar), at: location)
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

extension DefaultValue {
    /// The text of a string default.
    fileprivate var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    fileprivate var isString: Bool { text != nil }

    fileprivate var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    fileprivate var isInt: Bool {
        if case .int = self { return true }
        return false
    }
}
