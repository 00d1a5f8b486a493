/// A group of endpoints; each becomes a Service, a BusinessController and a Client.
public struct Service: Sendable, Hashable, Encodable {
    /// The service's name (its key under `services`).
    public var name: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// The service's default server (every endpoint also carries its effective one).
    public var server: String?
    /// The service's default auth (the schemes its endpoints' requests carry); nil for unauthenticated.
    public var auth: AuthRequirement?
    /// The service's endpoints, in the order written.
    public var endpoints: [Endpoint]
    /// Where the service's name is written.
    public var location: SourceLocation
    var origin = SpecOrigin()

    private enum CodingKeys: String, CodingKey { case name, description, server, auth, endpoints, location }
}
