import Foundation
import LucidSupport

/// What one file contributes: its sections and the include patterns it names.
struct SpecFragment {
    var file: String
    var includes: [(pattern: String, location: SourceLocation)] = []
    var subtypes: [Subtype] = []
    var entities: [Entity] = []
    var services: [Service] = []
}

/// Module-wide settings, which only the root spec may set.
struct RootSettings {
    var version = SpecDecoder.supportedVersion
    var module = ""
    /// Where `module:` is written: module-wide generated types are reported there.
    var moduleLocation = SourceLocation(file: "", line: 1, column: 1)
    var access = AccessLevel.internal
    var output = "Generated"
    var lexicon: [String] = []
    var entitySuffix = ""
    var servers: [Server] = []
    var authSchemes: [AuthScheme] = []
    var errorPayload: (name: String, location: SourceLocation)?
    var fixed = FixedParameters()
    var formLists: FormLists?
}

/// Decodes the top level of the root spec and of included files.
struct SpecDecoder {
    static let supportedVersion = Spec.formatVersion
    /// The keys of a root spec; the last four (`sectionKeys`) are all an included file may have.
    enum Key: String, SpecKeys {
        case lucid, module, access, output, lexicon, entitySuffix = "entity_suffix", servers, auth
        case errorPayload = "error_payload", fixedHeaders = "fixed_headers", fixedQuery = "fixed_query"
        case formLists = "form_lists"
        case include, subtypes, entities, services
    }
    /// The keys of a server whose URLs have variables (`name: { url: ..., variables: ... }`).
    enum ServerKey: String, SpecKeys {
        case url, environments, variables
    }
    /// The keys of one server variable.
    enum VariableKey: String, SpecKeys {
        case description, `default`, `enum`
    }
    /// The keys of an auth scheme written as a mapping.
    enum AuthKey: String, SpecKeys {
        case `in`, name, prefix
    }
    static let sectionKeys: [Key] = [.include, .subtypes, .entities, .services]
    static let rootKeys = Key.names

    let context: DecodingContext

    /// The root spec: settings and its own sections. Nil settings when the file is not a mapping.
    func decodeRoot(_ node: YAMLNode, file: String) -> (RootSettings, SpecFragment)? {
        guard
            let reader = MappingReader(node, "the spec", keys: Self.rootKeys, context: context, allowsExtensions: true)
        else { return nil }
        return (settings(reader, at: node.location), fragment(reader, file: file))
    }

    /// An included file: only sections and further includes.
    func decodeIncluded(_ node: YAMLNode, file: String) -> SpecFragment? {
        if let pairs = node.mapping {
            for pair in pairs {
                if let key = pair.key.scalar?.text, let known = Key(rawValue: key), !Self.sectionKeys.contains(known) {
                    context.error(
                        "'\(key)' can only be set in the root spec, not in an included file",
                        at: pair.key.location)
                }
            }
        }
        let rootOnly = Set(Self.rootKeys).subtracting(Self.sectionKeys.map(\.rawValue))
        guard
            let reader = MappingReader(
                Self.removingKeys(rootOnly, from: node), "an included file", keys: Self.sectionKeys.map(\.rawValue),
                context: context,
                allowsExtensions: true)
        else { return nil }
        return fragment(reader, file: file)
    }

    private static func removingKeys(_ keys: Set<String>, from node: YAMLNode) -> YAMLNode {
        guard let pairs = node.mapping else { return node }
        var copy = node
        copy.content = .mapping(pairs.filter { !keys.contains($0.key.scalar?.text ?? "") })
        return copy
    }

    private func fragment(_ reader: MappingReader, file: String) -> SpecFragment {
        var fragment = SpecFragment(file: file)
        if let include = reader[Key.include] {
            fragment.includes = (context.stringList(include, "'include'") ?? []).map { ($0.0, $0.1) }
        }
        let subtypes = SubtypeDecoder(context: context)
        let entities = EntityDecoder(context: context)
        let services = ServiceDecoder(context: context)
        fragment.subtypes = entries(reader[Key.subtypes], "'subtypes'", subtypes.decode)
        fragment.entities = entries(reader[Key.entities], "'entities'", entities.decode)
        fragment.services = entries(reader[Key.services], "'services'", services.decode)
        fragment.subtypes += context.takeInlineSubtypes()  // unions written as a property's type
        return fragment
    }

    private func entries<T>(
        _ node: YAMLNode?, _ what: String, _ decode: (String, YAMLNode, SourceLocation) -> T?
    ) -> [T] {
        guard let node else { return [] }
        return context.namedEntries(node, what).compactMap { decode($0.name, $0.value, $0.key.location) }
    }

    private func settings(_ reader: MappingReader, at location: SourceLocation) -> RootSettings {
        var settings = RootSettings()
        if let versionNode = reader[Key.lucid] {
            if let version = context.int(versionNode, "'lucid' (the format version)") {
                if version != Self.supportedVersion {
                    context.error(
                        "unsupported format version \(version); this lucid-gen reads version \(Self.supportedVersion)",
                        at: versionNode.location)
                }
                settings.version = version
            }
        } else {
            context.error(
                "the spec has no 'lucid' version", at: location, hint: "start it with 'lucid: \(Self.supportedVersion)'"
            )
        }
        if let moduleNode = reader[Key.module] {
            if let module = context.string(moduleNode, "'module'") {
                settings.module = module
                settings.moduleLocation = moduleNode.location
                if !SwiftNaming.isValidName(module) {
                    context.error(
                        "module name '\(module)' is not a valid name", at: moduleNode.location,
                        hint: NameRules.validNameHint)
                }
            }
        } else {
            context.error(
                "the spec has no 'module'", at: location, hint: "name the module, for example 'module: Movies'")
        }
        if let accessNode = reader[Key.access], let text = context.string(accessNode, "'access'") {
            let names = AccessLevel.allCases.map(\.rawValue)
            if let access = AccessLevel(rawValue: text) {
                settings.access = access
            } else {
                context.error(
                    "'\(text)' is not an access level", at: accessNode.location,
                    hint: Suggestions.hint(for: text, in: names) ?? "use \(names.joined(separator: ", "))")
            }
        }
        if let outputNode = reader[Key.output], let output = context.string(outputNode, "'output'") {
            let specFolder = Paths.directory(of: outputNode.location.file)
            if output.isEmpty {
                context.error("'output' must not be empty", at: outputNode.location)
            } else if let problem = OutputFolderRule.problem(
                folder: Paths.join(specFolder, output), specFolder: specFolder)
            {
                context.error(
                    "'output: \(output)' cannot be the output folder: \(problem)", at: outputNode.location,
                    hint: OutputFolderRule.hint)
            } else {
                settings.output = output
            }
        }
        settings.lexicon = reader[Key.lexicon].flatMap { lexicon($0) } ?? []
        if let suffixNode = reader[Key.entitySuffix], let suffix = context.string(suffixNode, "'entity_suffix'") {
            if suffix.isEmpty || SwiftNaming.isValidName(suffix) {
                settings.entitySuffix = suffix
            } else {
                context.error(
                    "entity suffix '\(suffix)' is not a valid name", at: suffixNode.location,
                    hint: NameRules.validNameHint)
            }
        }
        settings.servers = reader[Key.servers].map(servers) ?? []
        settings.authSchemes = reader[Key.auth].map(authSchemes) ?? []
        if let payload = reader[Key.errorPayload], let name = context.string(payload, "'error_payload'") {
            settings.errorPayload = (name, payload.location)
        }
        settings.fixed = FixedParameterDecoder(context: context)
            .decode(headers: reader[Key.fixedHeaders], query: reader[Key.fixedQuery], owner: "the spec")
        settings.formLists = reader[Key.formLists].flatMap { context.formLists($0, "'form_lists' of the spec") }
        return settings
    }

    private func lexicon(_ node: YAMLNode) -> [String]? {
        context.stringList(node, "'lexicon'")?.compactMap { word, location in
            guard !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                context.error("lexicon word '\(word)' must be letters and digits", at: location)
                return nil
            }
            return word
        }
    }

    /// `name: { environment: url, ... }`, `name: url` (one environment, `default`), or, for URLs with variables,
    /// `name: { url: template, variables: {...} }` or `name: { environments: {...}, variables: {...} }`. A mapping
    /// is the variables form only when it has `variables` (which no environment's URL could be): existing specs
    /// keep their meaning.
    private func servers(_ node: YAMLNode) -> [Server] {
        context.namedEntries(node, "'servers'").compactMap { name, key, value in
            if value.scalar != nil {
                return url(value, "server '\(name)'").map {
                    Server(
                        name: name, environments: [.init(name: "default", url: $0, location: value.location)],
                        location: key.location)
                }
            }
            if value.mapping?.contains(where: { $0.key.scalar?.text == ServerKey.variables.rawValue }) == true {
                return serverWithVariables(name, key: key, value: value)
            }
            let environments = context.namedEntries(value, "server '\(name)'").compactMap {
                environment, environmentKey, urlNode in
                url(urlNode, "environment '\(environment)' of server '\(name)'").map {
                    Server.Environment(name: environment, url: $0, location: environmentKey.location)
                }
            }
            guard !environments.isEmpty else {
                if value.mapping != nil { context.error("server '\(name)' has no environments", at: key.location) }
                return nil
            }
            return Server(name: name, environments: environments, location: key.location)
        }
    }

    /// `name: { url | environments, variables }`: base URL templates and what their `{variables}` may hold.
    private func serverWithVariables(_ name: String, key: YAMLNode, value: YAMLNode) -> Server? {
        let what = "server '\(name)'"
        guard let reader = MappingReader(value, what, keys: ServerKey.names, context: context) else { return nil }
        var environments: [Server.Environment] = []
        switch (reader[ServerKey.url], reader[ServerKey.environments]) {
        case (let urlNode?, nil):
            if let url = url(urlNode, what, template: true) {
                environments = [.init(name: "default", url: url, location: urlNode.location)]
            }
        case (nil, let environmentsNode?):
            environments = context.namedEntries(environmentsNode, "'environments' of \(what)").compactMap {
                environment, environmentKey, urlNode in
                url(urlNode, "environment '\(environment)' of \(what)", template: true).map {
                    Server.Environment(name: environment, url: $0, location: environmentKey.location)
                }
            }
            if environments.isEmpty, environmentsNode.mapping != nil {
                context.error("\(what) has no environments", at: key.location)
            }
        case (.some, .some):
            context.error(
                "\(what) has both 'url' and 'environments'",
                at: reader.keyLocation(ServerKey.environments) ?? key.location,
                hint: "'url' is one environment named 'default'; list every environment under 'environments'")
            return nil
        case (nil, nil):
            if !reader.reportedUnknownKeys {
                context.error(
                    "\(what) has 'variables' but no 'url' or 'environments'", at: key.location,
                    hint:
                        "write 'url: https://{instance}', or 'environments: { production: https://{region}.example.com }'"
                )
            }
            return nil
        }
        let variables = reader[ServerKey.variables].map { serverVariables($0, of: name) } ?? []
        guard !environments.isEmpty else { return nil }
        return Server(name: name, environments: environments, variables: variables, location: key.location)
    }

    /// `variables: { name: { description, default, enum } }`; `name: {}` (or nothing) is a variable the app must set.
    private func serverVariables(_ node: YAMLNode, of server: String) -> [Server.Variable] {
        context.namedEntries(node, "'variables' of server '\(server)'").compactMap { name, key, value in
            let what = "variable '\(name)' of server '\(server)'"
            var variable = Server.Variable(name: name, location: key.location)
            if value.scalar?.value == .null { return variable }
            guard let reader = MappingReader(value, what, keys: VariableKey.names, context: context) else { return nil }
            variable.description = reader[VariableKey.description].flatMap {
                context.string($0, "'description' of \(what)")
            }
            if let defaultNode = reader[VariableKey.default],
                let text = context.text(defaultNode, "'default' of \(what)")
            {
                variable.defaultValue = text
                variable.defaultLocation = defaultNode.location
            }
            if let enumNode = reader[VariableKey.enum] {
                guard let items = enumNode.sequence, !items.isEmpty else {
                    context.error("'enum' of \(what) is a list of one or more values", at: enumNode.location)
                    return variable
                }
                for item in items {
                    guard let text = context.text(item, "a value in 'enum' of \(what)") else { continue }
                    variable.allowedValues.append(text)
                    variable.allowedValueLocations.append(item.location)
                }
            }
            return variable
        }
    }

    /// A base URL; with `template`, one whose host, port and path may hold `{variables}` (checked here for their
    /// places; which variables it names, `ServerRules`).
    private func url(_ node: YAMLNode, _ what: String, template: Bool = false) -> String? {
        guard let text = context.string(node, "the URL of \(what)") else { return nil }
        var checked = text
        if ServerURLGrammar.isTemplate(text) {
            switch ServerURLGrammar.parse(text) {
            case .success(let grammar) where template:
                // The literal parts are checked as any base URL's, with each variable replaced by a value that fits.
                checked = grammar.pieces.reduce(grammar.scheme + "://") { text, piece in
                    switch piece {
                    case .literal(let literal): text + literal
                    case .variable(_, let role): text + ServerURLGrammar.sampleValue(for: role)
                    }
                }
            case .success(let grammar):
                let names = grammar.variableNames.map { "\($0): {}" }.joined(separator: ", ")
                context.error(
                    "'\(text)' has variables, and server variables are declared with the URL", at: node.location,
                    hint: "write the server as '{ url: \(text), variables: { \(names) } }'")
                return nil
            case .failure(let problem) where template:
                context.error("'\(text)' is not a base URL template: \(problem)", at: node.location)
                return nil
            case .failure:
                break
            }
        }
        if let character = URLSyntax.firstInvalidCharacter(in: checked) {
            context.error(
                "'\(text)' is not a base URL: \(URLSyntax.describe(character)) must be percent-encoded",
                at: node.location, hint: URLSyntax.encodingHint(character))
            return nil
        }
        guard let url = URL(string: checked), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        else {
            context.error(
                "'\(text)' is not a base URL", at: node.location,
                hint: "write an http or https URL without query or fragment, such as https://api.example.com/v1")
            return nil
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// `name: { in: header|query, name: ..., prefix: ... }`, `name: bearer` or `name: basic`.
    private func authSchemes(_ node: YAMLNode) -> [AuthScheme] {
        context.namedEntries(node, "'auth'").compactMap { name, key, value in
            let what = "auth scheme '\(name)'"
            if name == "none" {
                context.error(
                    "auth scheme name 'none' is reserved: 'auth: none' means no authentication", at: key.location)
                return nil
            }
            if value.scalar != nil {
                switch value.scalar?.value {
                case .string("bearer"):
                    return AuthScheme(
                        name: name, placement: .header, parameterName: "Authorization", prefix: "Bearer ",
                        location: key.location)
                case .string("basic"):
                    return AuthScheme(
                        name: name, placement: .basic, parameterName: "Authorization", prefix: "Basic ",
                        location: key.location)
                default:
                    context.error(
                        "\(what) is 'bearer', 'basic' or a mapping with 'in' and 'name'", at: value.location)
                    return nil
                }
            }
            guard let reader = MappingReader(value, what, keys: AuthKey.names, context: context) else {
                return nil
            }
            guard let inNode = reader[AuthKey.in], let nameNode = reader[AuthKey.name] else {
                context.error("\(what) needs 'in' (header or query) and 'name'", at: key.location)
                return nil
            }
            guard let placementText = context.string(inNode, "'in' of \(what)"),
                let parameter = context.text(nameNode, "'name' of \(what)")
            else { return nil }
            // `basic` is the placement of the `basic` shorthand, not something to write: it takes no `name`.
            guard let placement = AuthScheme.Placement(rawValue: placementText), placement != .basic else {
                context.error(
                    "'\(placementText)' is not where credentials go", at: inNode.location,
                    hint: Suggestions.hint(for: placementText, in: ["header", "query"]) ?? "use header or query")
                return nil
            }
            let prefix = reader[AuthKey.prefix].flatMap { context.string($0, "'prefix' of \(what)") } ?? ""
            return AuthScheme(
                name: name, placement: placement, parameterName: parameter, prefix: prefix, location: key.location)
        }
    }
}
