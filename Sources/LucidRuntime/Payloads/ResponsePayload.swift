import Foundation

/// A generated response type: decoded from a response body (skipping the paths the spec excludes) and, for payloads
/// that read them, its headers.
public protocol ResponsePayload: Decodable, Sendable {
    /// Key paths (from the body's root) skipped while decoding: each reads as absent, and its value is never read,
    /// so nothing it holds can fail the decode. An array met on the way applies the rest of a path to each item.
    static var excludedPaths: [[String]] { get }
}

extension ResponsePayload {
    /// No paths are excluded unless the type says otherwise.
    public static var excludedPaths: [[String]] { [] }

    /// Decodes a 2xx response: its body, with its headers reachable from the decoder
    /// (`Decoder.responseHeader(_:named:)`). An empty body (no bytes, or only JSON whitespace) decodes as JSON
    /// `null`, so a payload made of headers alone decodes from a `204` too, while one that reads the body fails with
    /// the usual `DecodingError`.
    ///
    /// - Throws: `DecodingError` when the body is not valid JSON, or the body or a header does not decode as `Self`.
    public static func decode(from response: HTTPResponse) throws -> Self {
        // One decoder made with the headers, rather than the default decoder and a copy of it that adds them: this
        // runs for every response.
        let decoder = JSONDecoder.payloadDecoder()
        decoder.userInfo[.responseHeaders] = response.headers
        return try decode(body: response.body, headers: nil, using: decoder)
    }

    /// Decodes a response that may have no body: nil for a `204 No Content`, a `205 Reset Content` and an empty
    /// body (no bytes, or only JSON whitespace); otherwise `decode(from:)`.
    ///
    /// - Throws: as `decode(from:)` when there is a body.
    public static func decodeIfPresent(from response: HTTPResponse) throws -> Self? {
        guard response.status != 204, response.status != 205, !EmptyBody.isEmpty(response.body) else { return nil }
        return try decode(from: response)
    }

    /// Decodes a response body, skipping `excludedPaths`, with `headers` reachable from the decoder
    /// (`Decoder.responseHeader(_:named:)`). An empty body decodes as JSON `null`.
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - headers: The response's header fields; none unless given.
    ///   - decoder: The decoder: `JSONDecoder.payloadDecoder()` unless given. It is not changed: the headers go
    ///     into a copy's `userInfo`.
    /// - Throws: `DecodingError` when the body is not valid JSON or does not decode as `Self`.
    public static func decode(
        from data: Data, headers: HTTPHeaders = [:], using decoder: JSONDecoder = .payloadDecoder()
    ) throws -> Self {
        // No headers given: none in `userInfo` either, so that a payload reading one says it was decoded without.
        try decode(body: data, headers: headers.isEmpty ? nil : headers, using: decoder)
    }

    /// Decodes a 2xx body with the fields of a dictionary as its headers (code written before `HTTPHeaders` keeps
    /// compiling): see `decode(from:headers:using:)`.
    public static func decode(
        from data: Data, headers: [String: String], using decoder: JSONDecoder = .payloadDecoder()
    ) throws -> Self {
        try decode(from: data, headers: HTTPHeaders(headers), using: decoder)
    }

    private static func decode(body: Data, headers: HTTPHeaders?, using decoder: JSONDecoder) throws -> Self {
        let body = EmptyBody.isEmpty(body) ? EmptyBody.null : body
        let decoder = headers.map { decoder.adding(responseHeaders: $0) } ?? decoder
        return try ExactDecimal.decoding(body) {
            guard excludedPaths.contains(where: { !$0.isEmpty }) else {
                return try decoder.decode(Self.self, from: body)
            }
            return try decoder.decode(PayloadSkippingExcludedPaths<Self>.self, from: body).payload
        }
    }

    /// Decodes a generated client's preview answer (the endpoint's `example:` body), failing the way a live
    /// response that does not decode fails: an `APIError` of kind `.decoding` for `endpoint` and `method`.
    public static func preview(_ json: String, endpoint: String, method: HTTPMethod) throws(APIError) -> Self {
        let body = Data(json.utf8)
        do {
            let named = DecodingIssue.Endpoint(name: endpoint, method: method)
            return try DecodingIssue.Endpoint.$current.withValue(named) { try decode(from: body) }
        } catch {
            // The example comes from the spec, not from a server: showing it holds no secret.
            throw APIError.decoding(error, endpoint: endpoint, method: method, body: body, keepingBody: true)
        }
    }
}

extension JSONDecoder {
    /// The decoder generated payloads are read with: a plain `JSONDecoder` (payloads read dates, durations and
    /// keys themselves) whose `Data` values are base64 as `Data(lenientBase64:)` reads it — standard or MIME, line
    /// breaks and spaces ignored. A value that is not base64 fails with a `DecodingError.dataCorrupted` that says
    /// why without quoting the value.
    public static func payloadDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .custom(LenientBase64.decode(from:))
        return decoder
    }

    /// A new decoder configured like this one, with `headers` in its `userInfo`: the caller's decoder may be
    /// shared, so it is never changed.
    func adding(responseHeaders headers: HTTPHeaders) -> JSONDecoder {
        let copy = JSONDecoder()
        copy.dateDecodingStrategy = dateDecodingStrategy
        copy.dataDecodingStrategy = dataDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        copy.keyDecodingStrategy = keyDecodingStrategy
        copy.allowsJSON5 = allowsJSON5
        copy.assumesTopLevelDictionary = assumesTopLevelDictionary
        copy.userInfo = userInfo
        copy.userInfo[.responseHeaders] = headers
        return copy
    }
}

/// A payload decoded through an `ExcludingDecoder` of its `excludedPaths`: the excluded keys read as absent, without
/// a pass over the body to remove them.
private struct PayloadSkippingExcludedPaths<Payload: ResponsePayload>: Decodable {
    let payload: Payload

    init(from decoder: any Decoder) throws {
        guard let node = ExclusionNode.tree(Payload.excludedPaths) else {
            payload = try Payload(from: decoder)
            return
        }
        payload = try Payload(from: ExcludingDecoder(base: decoder, node: node))
    }
}

/// What an empty response body is to a payload decoder.
enum EmptyBody {
    /// JSON `null`, what an empty body decodes as.
    static let null = Data("null".utf8)

    /// Whether `body` has no bytes or only JSON whitespace (space, tab, line feed, carriage return).
    static func isEmpty(_ body: Data) -> Bool {
        body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
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
        if let type = Entity.self as? any DecodableWithMetadata.Type, let pair = try Self.pair(type, from: decoder) {
            (entity, metadata) = pair
            return
        }
        entity = try Entity(from: decoder)
        metadata = try Metadata(from: decoder)
    }

    private static func pair<Paired: DecodableWithMetadata>(
        _ type: Paired.Type, from decoder: any Decoder
    ) throws -> (Entity, Metadata)? {
        guard Paired.Metadata.self == Metadata.self else { return nil }
        let (entity, metadata) = try Paired.decodeWithMetadata(from: decoder)
        return (entity as! Entity, metadata as! Metadata)
    }
}

/// An entity whose metadata is read from the same JSON object with the same keys (generated for entities with
/// `metadata`): `EntityWithMetadata` then opens the object once for both.
public protocol DecodableWithMetadata: Decodable {
    /// The entity's metadata type.
    associatedtype Metadata: Decodable
    /// Decodes the entity and its metadata from one keyed container of the decoder's object.
    static func decodeWithMetadata(from decoder: any Decoder) throws -> (Self, Metadata)
}

extension EntityWithMetadata: Sendable where Entity: Sendable, Metadata: Sendable {}
extension EntityWithMetadata: Equatable where Entity: Equatable, Metadata: Equatable {}
extension EntityWithMetadata: Hashable where Entity: Hashable, Metadata: Hashable {}
