/// A value type that is not an entity: an enum, an option set, a struct or a union.
public struct Subtype: Sendable, Hashable, Encodable {
    /// Which of `cases`, `options`, `properties` or `one_of` the subtype has, with their content.
    public enum Kind: Sendable, Hashable, Encodable {
        case enumeration(cases: [EnumCase], unknownFallback: Bool)
        case optionSet(options: [String])
        case structure(properties: [Property])
        /// `one_of`: a value of one of several types, told apart by a discriminator key or by trying each type.
        case union(Union)

        private enum CodingKeys: String, CodingKey {
            case kind, cases, unknownFallback, options, properties, discriminator
        }

        /// Encodes the dump's tagged shape: `"kind"` (`enum`, `option_set`, `struct` or `one_of`) beside its
        /// content.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .enumeration(let cases, let unknownFallback):
                try container.encode("enum", forKey: .kind)
                try container.encode(cases, forKey: .cases)
                try container.encode(unknownFallback, forKey: .unknownFallback)
            case .optionSet(let options):
                try container.encode("option_set", forKey: .kind)
                try container.encode(options, forKey: .options)
            case .structure(let properties):
                try container.encode("struct", forKey: .kind)
                try container.encode(properties, forKey: .properties)
            case .union(let union):
                try container.encode("one_of", forKey: .kind)
                try container.encodeIfPresent(union.discriminator, forKey: .discriminator)
                try container.encode(union.cases, forKey: .cases)
                try container.encode(union.unknownFallback, forKey: .unknownFallback)
            }
        }
    }

    /// The subtype's name (its key under `subtypes`).
    public var name: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// The deprecation message (empty when deprecated without one).
    public var deprecated: String?
    /// An enum, an option set, a struct or a union, with its cases, options, properties or union cases.
    public var kind: Kind
    /// A struct written as a PATCH body (`patch: true`): a nullable property is left unchanged, cleared (sent as
    /// null) or set; another is left unchanged or set. It is only encoded, so only a JSON body can be one.
    public var patch = false
    /// Where the subtype's name is written.
    public var location: SourceLocation
    /// Where each option of an option set was written.
    var optionLocations: [SourceLocation] = []
    /// For a union written inline as a property's type (`type: { one_of: [string, customer] }`), that property
    /// (`property 'customer' of entity 'charge'`); its name is then made from the owner's and the property's.
    public var inlineOwner: String?
    /// A generic struct's type parameters (`generic: item`), in order; empty for any other subtype. Its properties
    /// name them as `TypeReference.parameter`.
    public var typeParameters: [String] = []
    /// Where each type parameter is written.
    var typeParameterLocations: [SourceLocation] = []
    /// For an instance of a generic struct (`page<track>`, made by resolution for each distinct use): the generic and
    /// its type arguments. Its properties are the generic's, with the arguments in place of the parameters; the
    /// generated code declares the generic once, and the instance is `Page<Track>`.
    public var instance: GenericInstance?

    private enum CodingKeys: String, CodingKey {
        case name, description, deprecated, kind, patch, inlineOwner = "inline", generic, instance = "instance_of"
        case location
    }

    /// Encodes the dump's shape; `patch` and `inline` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(deprecated, forKey: .deprecated)
        try container.encode(kind, forKey: .kind)
        if patch { try container.encode(patch, forKey: .patch) }
        try container.encodeIfPresent(inlineOwner, forKey: .inlineOwner)
        if !typeParameters.isEmpty { try container.encode(typeParameters, forKey: .generic) }
        try container.encodeIfPresent(instance, forKey: .instance)
        try container.encode(location, forKey: .location)
    }

    /// Whether the subtype is a generic struct (`generic:`), which every use gives its type arguments.
    public var isGeneric: Bool { !typeParameters.isEmpty }

    /// For a generic struct: the one property holding a list of a type parameter (`items: "[item]"` of a page), and
    /// that parameter; nil when no property or several do. Where a page's items are, for code that walks pages.
    public var itemList: (property: Property, parameter: String)? {
        var found: [(Property, String)] = []
        for property in properties {
            if case .array(.parameter(let parameter)) = property.type { found.append((property, parameter)) }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// A struct's properties; empty for an enum or an option set.
    public var properties: [Property] {
        if case .structure(let properties) = kind { return properties }
        return []
    }

    /// Whether the subtype is a struct (it has `properties`).
    public var isStructure: Bool {
        if case .structure = kind { return true }
        return false
    }

    /// A union's discriminator and cases; nil for an enum, an option set or a struct.
    public var union: Union? {
        if case .union(let union) = kind { return union }
        return nil
    }
}

/// Which generic struct an instance subtype instantiates, and with which type arguments (`page` with `[track]`).
public struct GenericInstance: Sendable, Hashable, Encodable {
    /// The generic struct subtype's name (`page`).
    public var generic: String
    /// The type arguments, one per type parameter, in order; resolved.
    public var arguments: [TypeReference]

    public init(generic: String, arguments: [TypeReference]) {
        self.generic = generic
        self.arguments = arguments
    }

    /// Each type parameter of `generic` with its argument.
    public func substitutions(of generic: Subtype) -> [String: TypeReference] {
        Dictionary(zip(generic.typeParameters, arguments).map { ($0, $1) }) { first, _ in first }
    }
}

/// A `one_of` subtype: a value of exactly one of several types.
///
/// Tagged (with a `discriminator`), the JSON is an object whose discriminator key holds a string naming the case;
/// the rest of the object is the case's own struct or entity. Untagged, decoding tries each case's type in order and
/// takes the first that decodes (Stripe's expandable fields: an id string, or the whole object).
public struct Union: Sendable, Hashable, Encodable {
    /// The JSON key whose string value names the case (`event`); nil for an untagged union.
    public var discriminator: String?
    /// The cases, in the order written: the order an untagged union tries them in.
    public var cases: [UnionCase]
    /// With a discriminator only: a value naming no case is kept as `.unknown` (its discriminator value and the
    /// whole JSON object) instead of failing to decode (`unknown: true`).
    public var unknownFallback: Bool
    /// Where the `discriminator` value is written, for diagnostics.
    var discriminatorLocation: SourceLocation?
    /// Some cases could not be read (and were reported): the rules do not count the cases then.
    var hasUnreadCases = false

    public init(discriminator: String?, cases: [UnionCase], unknownFallback: Bool) {
        self.discriminator = discriminator
        self.cases = cases
        self.unknownFallback = unknownFallback
    }

    /// Whether a discriminator tells the cases apart.
    public var isTagged: Bool { discriminator != nil }

    private enum CodingKeys: String, CodingKey { case discriminator, cases, unknownFallback }

    /// Encodes the dump's shape: `discriminator` only when tagged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(discriminator, forKey: .discriminator)
        try container.encode(cases, forKey: .cases)
        try container.encode(unknownFallback, forKey: .unknownFallback)
    }
}

/// One case of a union: its name, the type it holds and, for a tagged union, the discriminator value naming it.
public struct UnionCase: Sendable, Hashable, Encodable {
    /// The case's name (its key under `one_of`, or the type's name in the list form).
    public var name: String
    /// With a discriminator: the value naming this case (`value`; the name by default). Nil when untagged.
    public var value: String?
    /// The type the case holds; a struct subtype or an entity when the union is tagged.
    public var type: TypeReference
    /// The `description`, which becomes the case's doc comment.
    public var description: String?
    /// Where the case's name (or, in the list form, its type) is written.
    public var location: SourceLocation
    /// Where the case's type is written.
    var typeLocation: SourceLocation

    public init(
        name: String, value: String?, type: TypeReference, description: String? = nil, location: SourceLocation
    ) {
        self.name = name
        self.value = value
        self.type = type
        self.description = description
        self.location = location
        self.typeLocation = location
    }

    private enum CodingKeys: String, CodingKey { case name, value, type, description, location }

    /// Encodes the dump's shape; `value` only when tagged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(location, forKey: .location)
    }
}

/// One case of an enum subtype and the raw value it decodes from.
public struct EnumCase: Sendable, Hashable, Encodable {
    /// The case's name (`name`, or the string when the case is written as one).
    public var name: String
    /// The raw value, taken as written (`value`; the name by default).
    public var value: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// Where the case's name is written.
    public var location: SourceLocation
}
