/// Checks the variables of servers whose base URLs are templates (`https://{instance}`): every `{name}` declared,
/// every declared variable used, and each `default` and `enum` value one the generated code accepts at run time
/// (by the runtime's own rules, `ServerURLGrammar`), so that a spec that lints has defaults that work.
struct ServerRules {
    let context: DecodingContext
    let naming: SwiftNaming

    func check(_ servers: [Server]) {
        for server in servers { check(server) }
    }

    private func check(_ server: Server) {
        let what = "server '\(server.name)'"
        let templates = server.environments.compactMap { environment -> (Server.Environment, ServerURLGrammar)? in
            guard ServerURLGrammar.isTemplate(environment.url),
                case .success(let grammar) = ServerURLGrammar.parse(environment.url)
            else { return nil }
            return (environment, grammar)
        }
        if !server.variables.isEmpty, naming.memberName(server.name) == "current" {
            context.error(
                "\(what) has variables, so it is a parameter of the generated 'environments(…, current:)' and "
                    + "clashes with 'current'",
                at: server.location, hint: "rename the server")
        }
        let declared = server.variables.map(\.name)
        var reported = Set<String>()
        for (environment, grammar) in templates {
            for name in grammar.variableNames where !declared.contains(name) && reported.insert(name).inserted {
                context.error(
                    "\(what) uses '{\(name)}' in '\(environment.url)', which its 'variables' do not declare",
                    at: environment.location,
                    hint: Suggestions.hint(for: name, in: declared) ?? "declare it: 'variables: { \(name): {} }'")
            }
        }
        for variable in server.variables {
            let places = templates.flatMap { environment, grammar in
                grammar.roles(of: variable.name).map { (environment.url, $0) }
            }
            guard !places.isEmpty else {
                context.error(
                    "variable '\(variable.name)' of \(what) is in none of its URLs", at: variable.location,
                    hint: Suggestions.hint(for: variable.name, in: templates.flatMap { $0.1.variableNames })
                        ?? "use it as '{\(variable.name)}' in a URL, or remove it")
                continue
            }
            checkValues(of: variable, in: server, places: places)
            checkSwiftNames(of: variable, in: server)
        }
    }

    /// `enum` values distinct, and they and `default` fit every place the URLs put the variable.
    private func checkValues(of variable: Server.Variable, in server: Server, places: [(String, ServerURLGrammar.Role)])
    {
        let what = "variable '\(variable.name)' of server '\(server.name)'"
        var seen = Set<String>()
        for (value, location) in zip(variable.allowedValues, variable.allowedValueLocations) {
            guard seen.insert(value).inserted else {
                context.error("value '\(value)' is in the 'enum' of \(what) twice", at: location)
                continue
            }
            checkFits(value, "value '\(value)' in the 'enum' of \(what)", places: places, at: location)
        }
        guard let value = variable.defaultValue, let location = variable.defaultLocation else { return }
        if !variable.allowedValues.isEmpty, !variable.allowedValues.contains(value) {
            let values = variable.allowedValues.map { "'\($0)'" }.joined(separator: ", ")
            context.error(
                "default '\(value)' of \(what) is not in its 'enum' (\(values))", at: location,
                hint: Suggestions.hint(for: value, in: variable.allowedValues))
            return
        }
        checkFits(value, "default '\(value)' of \(what)", places: places, at: location)
    }

    private func checkFits(
        _ value: String, _ what: String, places: [(String, ServerURLGrammar.Role)], at location: SourceLocation
    ) {
        for (url, role) in places {
            if let problem = ServerURLGrammar.problem(with: value, as: role) {
                context.error(
                    "\(what) does not fit its place in '\(url)': \(problem)", at: location,
                    hint: "there, a value is \(role.expected)")
                return
            }
        }
    }

    /// The types the generated struct's own code names, which an enum nested in it would hide (and the names Swift
    /// keeps for itself).
    static let namesInTheStruct: Set<String> = [
        "String", "ServerName", "ServerVariables", "ServerEnvironments", "ServerVariableError", "Sendable", "Hashable",
        "CaseIterable", "RawRepresentable", "Any", "Self", "Type", "Protocol", "Swift", "LucidRuntime",
    ]

    /// The generated struct has a property per variable, beside `variableValues`; an `enum` variable has a nested
    /// enum named after it, one case per value.
    private func checkSwiftNames(of variable: Server.Variable, in server: Server) {
        let what = "variable '\(variable.name)' of server '\(server.name)'"
        guard SwiftNaming.isValidName(variable.name) else { return }  // NameRules reports it
        if naming.memberName(variable.name) == "variableValues" {
            context.error(
                "\(what) clashes with 'variableValues', which the generated struct has", at: variable.location,
                hint: "rename it (the name in the URLs changes with it)")
        }
        guard !variable.allowedValues.isEmpty else { return }
        let typeName = naming.typeName(variable.name)
        if Self.namesInTheStruct.contains(typeName) {
            context.error(
                "\(what) with an 'enum' becomes the Swift enum '\(typeName)', a type the generated code uses",
                at: variable.location, hint: "rename it (the name in the URLs changes with it)")
        }
        var cases: [String: String] = [:]
        for (value, location) in zip(variable.allowedValues, variable.allowedValueLocations) {
            let name = naming.memberName(Server.Variable.caseName(for: value))
            if let first = cases[name], first != value {
                context.error(
                    "values '\(first)' and '\(value)' in the 'enum' of \(what) both become the Swift case '\(name)'",
                    at: location)
            } else {
                cases[name] = value
            }
        }
    }
}

extension Server {
    /// What a value of `variable` may be, for each different place the server's URLs put it (`a host name or
    /// address, optionally with :port`), in order: for the generated doc comments.
    public func expectedValues(of variable: String) -> [String] {
        var expected: [String] = []
        for environment in environments {
            guard case .success(let grammar) = ServerURLGrammar.parse(environment.url) else { continue }
            for role in grammar.roles(of: variable) where !expected.contains(role.expected) {
                expected.append(role.expected)
            }
        }
        return expected
    }
}

extension Server {
    /// The variables `environment`'s base URL holds, in the order declared.
    public func variables(in environment: Environment) -> [Variable] {
        guard case .success(let grammar) = ServerURLGrammar.parse(environment.url) else { return [] }
        let names = grammar.variableNames
        return variables.filter { names.contains($0.name) }
    }

    /// A value of `variable` that fits every place the URLs put it, for a document that needs one where the spec
    /// has no default (OpenAPI's required `default`): its first `enum` value, else `example.com` for a host, `1`
    /// for a port, `example` for a label or a path segment.
    public func exampleValue(of variable: Variable) -> String {
        if let first = variable.allowedValues.first { return first }
        var roles: [ServerURLGrammar.Role] = []
        for environment in environments {
            guard case .success(let grammar) = ServerURLGrammar.parse(environment.url) else { continue }
            roles += grammar.roles(of: variable.name)
        }
        if roles.contains(.port) { return "1" }
        if roles.contains(.hostLabel) || roles.contains(.pathSegment) { return "example" }
        return "example.com"
    }
}
