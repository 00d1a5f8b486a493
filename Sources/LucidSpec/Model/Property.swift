/// A stored value of an entity, a struct subtype, metadata or a parameter.
public struct Property: Sendable, Hashable, Encodable {
    /// The property's name (its key in the mapping).
    public var name: String
    /// The JSON key path: one element per dotted segment (`credits.director.name`).
    public var keyPath: [String]
    /// The resolved type; a trailing `?` in the spec sets `nullable` instead.
    public var type: TypeReference
    /// The value may be null or absent (`nullable: true`, or a trailing `?` on the type).
    public var nullable: Bool
    /// The value used when the key is missing, and the fallback of `lenient` (`default`).
    public var defaultValue: DefaultValue?
    /// An absent key decodes as "unrequested" and never overwrites a known value.
    public var lazy: Bool
    /// The entity gets an `updated(...)` copy helper and a public init.
    public var mutable: Bool
    /// The property takes part in equality (`use_for_equality`, on by default).
    public var useForEquality: Bool
    /// A value that fails to decode falls back to the default (or nil) instead of failing the object.
    public var lenient: Bool
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// The deprecation message (empty when deprecated without one).
    public var deprecated: String?
    /// For `date` properties (and arrays of dates).
    public var dateFormat: DateFormat?
    /// For relationships: decode identifiers only.
    public var idOnly: Bool
    /// For arrays: drop items that fail to decode and report them, instead of failing.
    public var failableItems: Bool
    /// For id-only relationships: use `key` exactly, without deriving `_id`/`_ids`.
    public var matchExactKey: Bool
    /// For list query items: how the list is sent (`style`); nil for the default, a repeated name. For a map query
    /// item, `deepObject`, the only way a map is sent.
    public var queryStyle: QueryStyle?
    /// For path parameters: `/` in the value separates path segments instead of being percent-encoded.
    public var reserved = false
    /// For response metadata: read from the body's root rather than from the payload at `base_key` (`root: true`).
    public var root = false
    /// Where the property's name is written.
    public var location: SourceLocation
    /// Where the spec wrote each option, for diagnostics; not part of the dumped model.
    var origin = PropertyOrigin()

    /// The key path as written (`credits.director.name`).
    public var key: String { keyPath.joined(separator: ".") }

    private enum CodingKeys: String, CodingKey {
        case name, key, type, nullable, defaultValue, lazy, mutable, useForEquality, lenient, description
        case deprecated, dateFormat, idOnly, failableItems, matchExactKey, style, reserved, root, location
    }

    /// The dump shows the key as written (`credits.director.name`) rather than as a list.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if keyPath.contains(where: { $0.contains(".") }) {
            try container.encode(keyPath, forKey: .key)  // the dotted form would read as a different path
        } else {
            try container.encode(key, forKey: .key)
        }
        try container.encode(type, forKey: .type)
        try container.encode(nullable, forKey: .nullable)
        try container.encodeIfPresent(defaultValue, forKey: .defaultValue)
        try container.encode(lazy, forKey: .lazy)
        try container.encode(mutable, forKey: .mutable)
        try container.encode(useForEquality, forKey: .useForEquality)
        try container.encode(lenient, forKey: .lenient)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(deprecated, forKey: .deprecated)
        try container.encodeIfPresent(dateFormat, forKey: .dateFormat)
        try container.encode(idOnly, forKey: .idOnly)
        try container.encode(failableItems, forKey: .failableItems)
        try container.encode(matchExactKey, forKey: .matchExactKey)
        try container.encodeIfPresent(queryStyle, forKey: .style)
        if reserved { try container.encode(reserved, forKey: .reserved) }
        if root { try container.encode(root, forKey: .root) }
        try container.encode(location, forKey: .location)
    }
}

/// Facts about how a property was written that validation needs and the model does not.
struct PropertyOrigin: Sendable, Hashable {
    /// The spec set `key:` (so id-only relationships keep it as written).
    var explicitKey = false
    /// Where the type expression was written.
    var typeLocation: SourceLocation?
    /// Where each option key (`format`, `id_only`, ...) was written; `key=` entries locate the values.
    var optionLocations: [String: SourceLocation] = [:]
    /// Where the items of a list default were written.
    var defaultItemLocations: [SourceLocation] = []
    /// "property 'title' of entity 'movie'", for messages.
    var description = ""
}

/// A literal default, checked against its property's type.
public indirect enum DefaultValue: Sendable, Hashable, Encodable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// The current date at decoding time (`default: now`).
    case now
    /// A case of an enum subtype.
    case enumCase(String)
    /// Members of an option set.
    case options([String])
    case array([DefaultValue])
    /// `{}` for a map.
    case emptyMap

    /// Encodes the typed value, `now` as `"now"` and an enum case as `".name"`, for `lucid-gen dump`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .now: try container.encode("now")
        case .enumCase(let name): try container.encode("." + name)
        case .options(let names): try container.encode(names)
        case .array(let values): try container.encode(values)
        case .emptyMap: try container.encode([String: String]())
        }
    }
}

/// How a date is written in JSON.
public enum DateFormat: Sendable, Hashable, Encodable, CustomStringConvertible {
    case iso8601
    case iso8601Fractional
    case epochSeconds
    case epochMilliseconds
    /// A fixed pattern such as `yyyy-MM-dd` (Unicode date-format symbols), read in UTC with the POSIX locale.
    case pattern(String)

    /// The named `format` values; any other `format` must be a pattern (see `isPattern(_:)`).
    public static let namedFormats: [String: DateFormat] = [
        "iso8601": .iso8601, "iso8601_fractional": .iso8601Fractional,
        "epoch_seconds": .epochSeconds, "epoch_milliseconds": .epochMilliseconds,
    ]

    /// Whether `text` is a Unicode date pattern: every letter outside 'quoted' literals is a pattern field,
    /// and at least one is a year, month, day, hour, minute or second (so `iso8061` is not taken for one).
    public static func isPattern(_ text: String) -> Bool {
        let fields = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")
        let dateOrTime = Set("yYuMLdDhHKkms")
        var inLiteral = false, hasField = false
        for character in text {
            if character == "'" {
                inLiteral.toggle()
                continue
            }
            guard !inLiteral, character.isLetter else { continue }
            guard character.isASCII, fields.contains(character) else { return false }
            hasField = hasField || dateOrTime.contains(character)
        }
        return hasField && !inLiteral
    }

    /// The spec spelling: the `format` name (`epoch_seconds`) or the pattern.
    public var description: String {
        switch self {
        case .iso8601: return "iso8601"
        case .iso8601Fractional: return "iso8601_fractional"
        case .epochSeconds: return "epoch_seconds"
        case .epochMilliseconds: return "epoch_milliseconds"
        case .pattern(let pattern): return pattern
        }
    }

    /// Encodes the spec spelling, for `lucid-gen dump`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// How a list or map query item goes on the wire (`style`).
public enum QueryStyle: String, Sendable, Hashable, Encodable, CaseIterable {
    /// The name repeated: `labels=bug&labels=ui` (the default for lists).
    case `repeat`
    /// One item, values joined by commas: `labels=bug,ui` (GitHub).
    case comma
    /// The name with `[]`, repeated: `labels[]=bug&labels[]=ui` (Rails, PHP).
    case brackets
    /// A map, one item per entry named with its key in brackets, keys sorted: `metadata[order]=42` (Stripe; OpenAPI's
    /// `deepObject`). Maps only, and a map needs it.
    case deepObject = "deep_object"

    /// Whether the style sends a list (all but `deep_object`, which sends a map).
    public var isListStyle: Bool { self != .deepObject }
}
