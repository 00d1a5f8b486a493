/// A group of endpoints; each becomes a Service, a BusinessController and a Client.
public struct Service: Sendable, Hashable, Encodable {
    public var name: String
    public var description: String?
    /// The service's default server (every endpoint also carries its effective one).
    public var server: String?
    /// The service's default auth scheme; nil for unauthenticated.
    public var auth: String?
    public var endpoints: [Endpoint]
    public var location: SourceLocation
    var origin = SpecOrigin()

    private enum CodingKeys: String, CodingKey { case name, description, server, auth, endpoints, location }
}
