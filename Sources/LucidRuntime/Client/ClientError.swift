/// Why a generated client's closure could not answer (the client pattern's `.unimplemented` and `.preview`).
public enum ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An `.unimplemented` client was called: a test reached an endpoint it did not stub.
    case unimplemented(client: String, endpoint: String)
    /// A `.preview` client was called for an endpoint whose spec has no `example:` body.
    case noPreview(client: String, endpoint: String)

    public var description: String {
        switch self {
        case .unimplemented(let client, let endpoint): return "\(client).\(endpoint) is unimplemented"
        case .noPreview(let client, let endpoint):
            return "\(client).\(endpoint) has no preview: give the endpoint an 'example:' in the spec"
        }
    }
}
