import Foundation

/// The payload of an endpoint without a response body. It decodes from anything.
public struct EmptyResponse: Sendable, Hashable, Codable {
    /// Creates the empty response.
    public init() {}

    /// Ignores whatever the decoder holds.
    public init(from decoder: any Decoder) {}

    /// Encodes an empty object.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }

    /// Ignores `data` (which may be empty) and returns the empty response. Declared `throws` so it
    /// is called like every other payload decoder; it never throws.
    public static func decode(from data: Data) throws -> EmptyResponse {
        EmptyResponse()
    }

    /// Ignores `response` and returns the empty response: the whole-response form of `decode(from:)`, for
    /// `BackendResource(readResponse:)`. Never throws.
    public static func decode(from response: HTTPResponse) throws -> EmptyResponse {
        EmptyResponse()
    }
}
