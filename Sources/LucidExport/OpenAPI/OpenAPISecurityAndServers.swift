import LucidSpec

/// `components.securitySchemes` from the spec's auth schemes, and `servers` from its servers.
enum OpenAPISecurityAndServers {
    /// One security scheme per auth scheme, in the order declared, under the scheme's spec name.
    static func securitySchemes(_ schemes: [AuthScheme]) -> OpenAPIJSON {
        .object(schemes.map { ($0.name, securityScheme($0)) })
    }

    /// `bearer` (an `Authorization` header after `Bearer `) and `basic` are HTTP schemes; any other header or
    /// query item is an API key, whose `prefix`, if any, is `x-lucid-prefix`.
    static func securityScheme(_ scheme: AuthScheme) -> OpenAPIJSON {
        switch scheme.placement {
        case .basic:
            return .object(["type": "http", "scheme": "basic"])
        case .header where scheme.parameterName.lowercased() == "authorization" && scheme.prefix == "Bearer ":
            return .object(["type": "http", "scheme": "bearer"])
        case .header, .query:
            var result = OpenAPIJSON.object([
                "type": "apiKey", "in": .string(scheme.placement.rawValue), "name": .string(scheme.parameterName),
            ])
            if !scheme.prefix.isEmpty {
                result = result.setting("description", .string("The credential, after '\(scheme.prefix)'."))
                    .setting("x-lucid-prefix", .string(scheme.prefix))
            }
            return result
        }
    }

    /// An operation's `security`: one requirement object per alternative, in order, naming every scheme sent
    /// together (with no scopes); `none` is the empty requirement `{}` (authentication optional).
    static func security(_ requirement: AuthRequirement) -> OpenAPIJSON {
        .array(requirement.alternatives.map { schemes in .object(schemes.map { ($0, .array([])) }) })
    }

    /// One server object per environment of `server`, the default (first) environment first. A URL with
    /// `{variables}` keeps them, and the server object lists those it holds under `variables`.
    static func servers(_ server: Server) -> OpenAPIJSON {
        .array(
            server.environments.map { environment in
                var object = OpenAPIJSON.object([
                    "url": .string(environment.url),
                    "description": .string("\(server.name), \(environment.name)"),
                ])
                let variables = server.variables(in: environment)
                if !variables.isEmpty {
                    object = object.setting(
                        "variables", .object(variables.map { ($0.name, variable($0, of: server)) }))
                }
                return object.setting("x-lucid-server", .string(server.name))
                    .setting("x-lucid-environment", .string(environment.name))
            })
    }

    /// A server variable: OpenAPI requires a `default`, so one without a default in the spec gets a value that fits
    /// (`Server.exampleValue(of:)`) and `x-lucid-required: true` (the generated code takes it as a parameter).
    private static func variable(_ variable: Server.Variable, of server: Server) -> OpenAPIJSON {
        var object = OpenAPIJSON.object([
            "default": .string(variable.defaultValue ?? server.exampleValue(of: variable))
        ])
        if !variable.allowedValues.isEmpty {
            object = object.setting("enum", .array(variable.allowedValues.map { .string($0) }))
        }
        if let description = variable.description { object = object.setting("description", .string(description)) }
        if variable.defaultValue == nil { object = object.setting("x-lucid-required", .bool(true)) }
        return object
    }

    /// The server the document's top-level `servers` describe: the one the first endpoint uses, else the first
    /// declared. Operations on another server list their own.
    static func primaryServer(of spec: Spec) -> Server? {
        let used = spec.services.lazy.flatMap(\.endpoints).first?.server
        return spec.servers.first { $0.name == used } ?? spec.servers.first
    }
}
