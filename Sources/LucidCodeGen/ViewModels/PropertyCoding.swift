import LucidSpec

/// The Swift statements that decode and encode one property, decided from its type and options.
///
/// What a property does with a missing key, a null and a value that does not decode:
///
/// | Property | missing | null | bad value |
/// |---|---|---|---|
/// | required | error | error | error |
/// | nullable | nil | nil | error |
/// | with a default | default | default | error |
/// | nullable, with a default | default | nil | error |
/// | lenient | default or nil | default or nil (nil when nullable) | default or nil, reported |
/// | lazy | `.unrequested` | `.requested(nil)` when nullable | error (lenient: `.requested(nil)`) |
///
/// Every lenient fallback is reported through `decodeLenient`. Encoding writes what decodes back to the same
/// value: a nil is left out, unless
/// leaving it out would decode as the default (or as `.unrequested`), in which case it is written as null.
///
/// A class, shared by its property's view model rather than copied with each of its many strings.
final class PropertyCoding {
    let property: Property
    /// The Swift type read from JSON, when it is not the property's own (`ID` for an identifier named `id`).
    let valueType: String?
    let types: SwiftTypes
    /// How the stored property is referred to (`title`, `self.container`).
    let reference: String
    /// The default as a Swift expression; nil when there is none or it is null.
    let defaultValue: String?

    init(
        property: Property, valueType: String?, types: SwiftTypes, reference: String, defaultValue: String?
    ) {
        self.property = property
        self.valueType = valueType
        self.types = types
        self.reference = reference
        self.defaultValue = defaultValue
    }

    // MARK: Keys

    private var isNested: Bool { property.keyPath.count > 1 }
    /// The first key, as a string literal: keys are `AnyCodingKey`s, written as the JSON key itself. (A `CodingKeys`
    /// enum per type would name them too, but its synthesized members cost a large share of a big spec's build.)
    private var firstKey: String { SwiftLiteral.string(property.keyPath[0]) }
    /// The key the value sits at in its holder: the first key, or the last key of a dotted path.
    private var leafKey: String { SwiftLiteral.string(property.keyPath[property.keyPath.count - 1]) }
    private var pathLiteral: String {
        "[" + property.keyPath.dropFirst().dropLast().map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    /// The container holding the leaf key: `container`, or for a dotted key the nested object, optional
    /// (`nestedIfPresent(…)?`) when the object may be missing.
    private func holder(optional: Bool) -> String {
        guard isNested else { return "container" }
        return optional
            ? "container.nestedIfPresent(\(firstKey), \(pathLiteral))?"
            : "container.nested(\(firstKey), \(pathLiteral))"
    }

    /// A test for the leaf key being present (possibly null).
    private var presence: String {
        isNested
            ? "container.nestedIfPresent(\(firstKey), \(pathLiteral))?.contains(\(leafKey)) == true"
            : "container.contains(\(leafKey))"
    }

    // MARK: Value kinds

    private enum Kind {
        /// A `Decodable` value read as is.
        case plain(String)
        case date(String)
        case dates(String)
        case duration(String)
        /// A list whose bad items are dropped; the element type.
        case failable(String)
        /// A string map whose bad values are dropped; the value type.
        case failableMap(String)
    }

    private var kind: Kind {
        if let valueType { return .plain(valueType) }
        switch property.type {
        case .scalar(.date): return .date(dateFormat)
        case .array(.scalar(.date)): return .dates(dateFormat)
        case .scalar(.seconds): return .duration(".seconds")
        case .scalar(.milliseconds): return .duration(".milliseconds")
        case .array(let element) where property.failableItems:
            return .failable(types.valueType(element, idOnly: property.idOnly))
        case .map(let value) where property.failableItems:
            return .failableMap(types.valueType(value, idOnly: property.idOnly))
        default: return .plain(types.valueType(property.type, idOnly: property.idOnly))
        }
    }

    private var dateFormat: String { Self.dateFormatLiteral(property.dateFormat) }

    /// `.iso8601`, `.pattern("yyyy-MM-dd")`: a `DateCodingFormat` where the type is known from context.
    static func dateFormatLiteral(_ format: DateFormat?) -> String {
        switch format ?? .iso8601 {
        case .iso8601: return ".iso8601"
        case .iso8601Fractional: return ".iso8601Fractional"
        case .epochSeconds: return ".epochSeconds"
        case .epochMilliseconds: return ".epochMilliseconds"
        case .pattern(let pattern): return ".pattern(\(SwiftLiteral.string(pattern)))"
        }
    }

    // MARK: Decoding

    /// `title = try container.decode(String.self, at: "title")` and its variants.
    var decodeStatement: String {
        let (expression, throwing) = decodeExpression
        return "\(reference) = " + (throwing ? "try " : "") + expression
    }

    /// The expression (without a leading `try`) and whether it throws.
    private var decodeExpression: (String, Bool) {
        if property.lazy {
            if case .plain(let type) = kind, !isNested, !property.lenient {
                return ("container.decode(.lazy(\(type)\(property.nullable ? "?" : "").self), at: \(leafKey))", true)
            }
            // Once the key is known to be present, so is the object holding it.
            let (value, throwing) = read(optional: property.nullable, holderPresent: true, fallback: nil)
            return ("\(presence) ? .requested(\(value)) : .unrequested", throwing || isNested)
        }
        if property.nullable, let defaultValue {
            guard property.lenient else {
                let (value, throwing) = read(optional: true, holderPresent: true, fallback: nil)
                return ("\(presence) ? \(value) : \(defaultValue)", throwing || isNested)
            }
            // Null is nil; a missing key and a bad value both take the default.
            let (value, _) = read(optional: true, holderPresent: false, fallback: defaultValue)
            return ("(try? \(holder(optional: true)).decodeNil(at: \(leafKey))) == true ? nil : \(value)", false)
        }
        let optional = property.nullable || property.lenient || defaultValue != nil
        return read(optional: optional, holderPresent: !optional, fallback: defaultValue)
    }

    /// Reads the value: `container.decode(…)`, `container.decodeIfPresent(…) ?? fallback`, or for a lenient
    /// property an expression that never throws.
    ///
    /// - Parameters:
    ///   - optional: a missing or null value is allowed.
    ///   - holderPresent: the object holding a dotted key's last key is known to exist.
    private func read(optional: Bool, holderPresent: Bool, fallback: String?) -> (String, Bool) {
        let orFallback = fallback.map { " ?? \($0)" } ?? ""
        let holder = holder(optional: !holderPresent)
        guard property.lenient else {
            return (holder + "." + call(ifPresent: optional) + orFallback, true)
        }
        // Plain values have a typed lenient reader; dates, durations and failable lists pass their own reader.
        let lenient: String
        if case .plain(let type) = kind {
            lenient = "\(holder).decodeLenient(\(type).self, at: \(leafKey))"
        } else {
            lenient = "\(holder).decodeLenient(at: \(leafKey)) { try $0.\(call(ifPresent: true)) }"
        }
        guard isNested else { return (lenient + orFallback, false) }
        // A dotted key's path may itself be malformed (not an object): that is absorbed too.
        return (fallback == nil ? "try? \(lenient)" : "(try? \(lenient))\(orFallback)", false)
    }

    /// The reading method call, without the container.
    private func call(ifPresent: Bool) -> String {
        "decode\(ifPresent ? "IfPresent" : "")(\(coding), at: \(leafKey))"
    }

    /// What `decode` reads the value as: its type for a plain value (`String.self`, as `Decodable`), else the
    /// runtime's `ValueCoding` (`.date(.iso8601)`, `.failable(Movie.self)`), which encoding passes as `as:` too.
    private var coding: String {
        switch kind {
        case .plain(let type): return "\(type).self"
        case .date(let format): return ".date(\(format))"
        case .dates(let format): return ".dates(\(format))"
        case .duration(let unit): return ".duration(\(unit))"
        case .failable(let element): return ".failable(\(element).self)"
        case .failableMap(let value): return ".failableMap(\(value).self)"
        }
    }

    // MARK: Encoding

    /// What encoding does with nil.
    private enum Absence {
        /// The value is never nil.
        case impossible
        /// nil is left out: a missing key decodes as nil.
        case omitted
        /// nil is written as null: a missing key would decode as the default, or as `.unrequested`.
        case null
    }

    /// `try container.encode(title, at: "title")` and its variants.
    /// The statement of a patch struct's `encode(to:)`: a `Patch` (nullable) writes nothing, null or the value
    /// through the runtime's `Patch` overloads; an optional writes the value when set.
    var patchEncodeStatement: String {
        property.nullable ? encode(reference, .impossible) : encode(reference, .omitted)
    }

    var encodeStatement: String {
        guard property.lazy else {
            let absence: Absence = !property.nullable ? .impossible : defaultValue == nil ? .omitted : .null
            return encode(reference, absence)
        }
        if case .plain(let type) = kind, !isNested {
            return
                "try container.encode(\(reference), at: \(leafKey), as: .lazy(\(type)\(property.nullable ? "?" : "").self))"
        }
        return
            "if case .requested(let value) = \(reference) { \(encode("value", property.nullable ? .null : .impossible)) }"
    }

    private func encode(_ value: String, _ absence: Absence) -> String {
        if encodesAsIs, absence != .omitted {
            return write { "try \($0).encode(\(value), at: \(leafKey))" }  // an optional writes nil as null
        }
        switch absence {
        case .impossible:
            return write { "try \($0).\(encodeCall(value))" }
        case .omitted where !isNested:
            return "try container.\(encodeCall(value, ifPresent: true))"
        case .omitted:
            let (binding, unwrapped) = unwrapping(value)
            return "if let \(binding) { \(write { "try \($0).\(encodeCall(unwrapped))" }) }"
        case .null:
            let (binding, unwrapped) = unwrapping(value)
            return write {
                "if let \(binding) { try \($0).\(encodeCall(unwrapped)) } else { try \($0).encodeNil(at: \(leafKey)) }"
            }
        }
    }

    /// Whether the value is written by plain `encode` (no format or unit to apply).
    private var encodesAsIs: Bool {
        switch kind {
        case .plain, .failable, .failableMap: return true
        case .date, .dates, .duration: return false
        }
    }

    /// The `if let` binding for an optional and the name it binds: `title` (shorthand), or
    /// `value = self.container` when the property needs `self.`.
    private func unwrapping(_ value: String) -> (binding: String, name: String) {
        value.hasPrefix("self.") ? ("value = \(value)", "value") : (value, value)
    }

    /// A write into the holder: `body("container")`, or for a dotted key the nested object, created on the way.
    private func write(_ body: (String) -> String) -> String {
        isNested ? "try container.encodeNested(\(firstKey), \(pathLiteral)) { \(body("$0")) }" : body("container")
    }

    private func encodeCall(_ value: String, ifPresent: Bool = false) -> String {
        let suffix = ifPresent ? "IfPresent" : ""
        switch kind {
        case .plain, .failable, .failableMap: return "encode\(suffix)(\(value), at: \(leafKey))"
        case .date, .dates, .duration: return "encode\(suffix)(\(value), at: \(leafKey), as: \(coding))"
        }
    }
}
