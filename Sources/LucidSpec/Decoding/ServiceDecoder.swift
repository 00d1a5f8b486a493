/// Decodes `services:` entries and their endpoints.
struct ServiceDecoder {
    static let keys = ["description", "server", "auth", "endpoints"]

    let context: DecodingContext

    func decode(name: String, node: YAMLNode, at location: SourceLocation) -> Service? {
        let what = "service '\(name)'"
        guard let reader = MappingReader(node, what, keys: Self.keys, context: context) else { return nil }
        var service = Service(
            name: name,
            description: reader["description"].flatMap { context.string($0, "the description of \(what)") },
            server: nil, auth: nil, endpoints: [], location: location)
        service.origin.server = reader["server"].flatMap { context.string($0, "the server of \(what)") }
        service.origin.auth = reader["auth"].flatMap { context.string($0, "the auth of \(what)") }
        service.origin.locations["server="] = reader["server"]?.location
        service.origin.locations["auth="] = reader["auth"]?.location
        guard let endpoints = reader["endpoints"] else {
            context.error("\(what) has no 'endpoints'", at: location)
            return service
        }
        let decoder = EndpointDecoder(context: context)
        let entries = context.namedEntries(endpoints, "the endpoints of \(what)")
        if entries.isEmpty, endpoints.mapping != nil || endpoints.scalar?.value == .null {
            context.warning("\(what) has no endpoints", at: location)
        }
        service.endpoints = entries.compactMap { entry in
            decoder.decode(name: entry.name, node: entry.value, at: entry.key.location)
        }
        return service
    }
}
