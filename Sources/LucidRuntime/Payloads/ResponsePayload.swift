import Foundation

/// A generated response type: decoded from a response body, after removing the paths the spec excludes.
public protocol ResponsePayload: Decodable, Sendable {
    /// Key paths (from the body's root) removed before decoding; arrays apply the rest of a path to each item.
    static var excludedPaths: [[String]] { get }
}

extension ResponsePayload {
    /// No paths are excluded unless the type says otherwise.
    public static var excludedPaths: [[String]] { [] }

    /// Decodes a response body, first removing `excludedPaths` from it (see `JSONExclusion`).
    ///
    /// - Throws: `DecodingError` when the body is not valid JSON or does not decode as `Self`.
    public static func decode(from data: Data, using decoder: JSONDecoder = JSONDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: JSONExclusion.removing(excludedPaths, from: data))
    }

    /// Decodes a generated client's preview answer (the endpoint's `example:` body), failing the way a live
    /// response that does not decode fails: an `APIError` of kind `.decoding` for `endpoint` and `method`.
    public static func preview(_ json: String, endpoint: String, method: HTTPMethod) throws(APIError) -> Self {
        let body = Data(json.utf8)
        do {
            return try decode(from: body)
        } catch {
            // The example comes from the spec, not from a server: showing it holds no secret.
            throw APIError.decoding(error, endpoint: endpoint, method: method, body: body, keepingBody: true)
        }
    }
}

/// An entity and its metadata, read from the same JSON object, so a list of both stays aligned even when
/// failable decoding drops an item.
public struct EntityWithMetadata<Entity: Decodable, Metadata: Decodable>: Decodable {
    /// The entity, decoded from the object.
    public let entity: Entity
    /// The metadata, decoded from the same object.
    public let metadata: Metadata

    /// Decodes both the entity and its metadata from the decoder's value.
    ///
    /// - Throws: whatever `Entity` or `Metadata` throws; either failing fails the pair.
    public init(from decoder: any Decoder) throws {
        entity = try Entity(from: decoder)
        metadata = try Metadata(from: decoder)
    }
}

extension EntityWithMetadata: Sendable where Entity: Sendable, Metadata: Sendable {}
extension EntityWithMetadata: Equatable where Entity: Equatable, Metadata: Equatable {}
extension EntityWithMetadata: Hashable where Entity: Hashable, Metadata: Hashable {}
