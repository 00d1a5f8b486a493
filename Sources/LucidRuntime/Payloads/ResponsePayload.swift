import Foundation

/// A generated response type: decoded from a response body, after removing the paths the spec excludes.
public protocol ResponsePayload: Decodable, Sendable {
    /// Key paths (from the body's root) removed before decoding; arrays apply the rest of a path to each item.
    static var excludedPaths: [[String]] { get }
}

extension ResponsePayload {
    public static var excludedPaths: [[String]] { [] }

    /// Decodes a response body, first removing `excludedPaths` from it.
    public static func decode(from data: Data, using decoder: JSONDecoder = JSONDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: JSONExclusion.removing(excludedPaths, from: data))
    }
}

/// An entity and its metadata, read from the same JSON object, so a list of both stays aligned even when
/// failable decoding drops an item.
public struct EntityWithMetadata<Entity: Decodable, Metadata: Decodable>: Decodable {
    public let entity: Entity
    public let metadata: Metadata

    public init(from decoder: any Decoder) throws {
        entity = try Entity(from: decoder)
        metadata = try Metadata(from: decoder)
    }
}

extension EntityWithMetadata: Sendable where Entity: Sendable, Metadata: Sendable {}
extension EntityWithMetadata: Equatable where Entity: Equatable, Metadata: Equatable {}
extension EntityWithMetadata: Hashable where Entity: Hashable, Metadata: Hashable {}
