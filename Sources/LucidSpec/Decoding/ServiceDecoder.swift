/// Decodes `services:` entries and their endpoints.
struct ServiceDecoder {
    /// The keys of a service.
    enum Key: String, SpecKeys {
        case description, server, auth, endpoints, fixedHeaders = "fixed_headers", fixedQuery = "fixed_query"
        case formLists = "form_lists"
    }

    let context: DecodingContext

    func decode(name: String, node: YAMLNode, at location: SourceLocation) -> Service? {
        let what = "service '\(name)'"
        guard let reader = MappingReader(node, what, keys: Key.names, context: context) else { return nil }
        var service = Service(
            name: name,
            description: reader[Key.description].flatMap { context.string($0, "the description of \(what)") },
            server: nil, auth: nil, endpoints: [], location: location)
        service.origin.server = reader[Key.server].flatMap { context.string($0, "the server of \(what)") }
        service.origin.auth = reader[Key.auth].flatMap { AuthDecoder(context: context).decode($0, what) }
        service.origin.locations["server="] = reader[Key.server]?.location
        service.origin.formLists = reader[Key.formLists].flatMap { context.formLists($0, "'form_lists' of \(what)") }
        service.origin.fixed = FixedParameterDecoder(context: context)
            .decode(headers: reader[Key.fixedHeaders], query: reader[Key.fixedQuery], owner: what)
        guard let endpoints = reader[Key.endpoints] else {
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
