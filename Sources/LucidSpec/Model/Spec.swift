/// A whole spec after includes are merged, names resolved and defaults applied.
public struct Spec: Sendable, Hashable, Encodable {
    /// The one `lucid:` format version this lucid-gen reads.
    public static let formatVersion = 1

    /// The `lucid:` format version.
    public var version: Int
    /// Prefix for module-wide generated names (`MoviesResponseHandling`, ...).
    public var module: String
    public var access: AccessLevel
    /// The default output folder, relative to the root spec file.
    public var output: String
    /// Words kept as written when converting snake_case names (`ID`, `URL`).
    public var lexicon: [String]
    /// Appended to every entity's type name (`movie` → `MovieEntity` with `Entity`).
    public var entitySuffix: String
    /// Every file the spec was read from: the root first, then includes in the order they were read, then
    /// example files. A build system that regenerates when any of them changes needs exactly these.
    public var files: [String]
    public var servers: [Server]
    public var authSchemes: [AuthScheme]
    /// The subtype or entity decoded from non-2xx bodies.
    public var errorPayload: String?
    public var subtypes: [Subtype]
    public var entities: [Entity]
    public var services: [Service]

    public func subtype(named name: String) -> Subtype? { subtypes.first { $0.name == name } }
    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }
}

/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, Hashable, Encodable, CaseIterable {
    case `public`, package, `internal`
}
