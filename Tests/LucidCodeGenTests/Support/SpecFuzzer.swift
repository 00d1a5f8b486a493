import LucidSpec

/// Writes random specs whose names come from the pools that break generated code when a generator forgets about
/// them: Swift keywords, the runtime's and the standard library's type names, the locals and members the
/// templates declare, long names and non-ASCII ones. Every scalar type appears in every position it may take
/// (property, path parameter, query item, header, list element). The same seed always writes the same spec.
/// Half the specs declare a generic struct (`generic:`) whose type parameters come from the same pools, and use
/// instances of it (`page<movie>`) as properties and responses; some declare a union, which structs of its own and
/// entities hold, so that it holds itself through its cases. Some entities are stored (`store:`), and endpoints
/// read them with a policy, update or delete them.
struct SpecFuzzer {
    private var random: SplitMix64
    /// The draws for the union and its uses, apart from `random`: a spec without one is the spec the seed wrote
    /// before unions were fuzzed, and one with it differs from it only by the union.
    private var unionRandom: SplitMix64
    /// The draws for the entity store, apart from `random` for the same reason.
    private var storeRandom: SplitMix64
    /// The generic struct of this spec, with its number of type parameters; nil when it declares none.
    private var generic: (name: String, arity: Int)?
    /// The entities this spec stores.
    private var stored: [String] = []

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        unionRandom = SplitMix64(seed: seed ^ 0x756E_696F_6E73)
        storeRandom = SplitMix64(seed: seed ^ 0x7374_6F72_65)
    }

    /// `draw` with the store's random numbers.
    private mutating func storeDraw<T>(_ draw: (inout SpecFuzzer) -> T) -> T {
        swap(&random, &storeRandom)
        defer { swap(&random, &storeRandom) }
        return draw(&self)
    }

    /// `draw` with the union's random numbers.
    private mutating func unionDraw<T>(_ draw: (inout SpecFuzzer) -> T) -> T {
        swap(&random, &unionRandom)
        defer { swap(&random, &unionRandom) }
        return draw(&self)
    }

    /// Names that are valid spec names and must either work or be refused with a located error.
    static let memberNames: [String] =
        SwiftNaming.keywords.filter(SwiftNaming.isValidName).sorted()
        + runtimeAndStandardNames.map(snakeCased)
        + templateNames
        + ["title", "count", "page", "sort_by", "is_new", "x", "a1", "url_path", "movie_id"]

    /// Identifiers the templates declare or call beside spec names: locals, stored properties, members of the
    /// generated types and the protocols they conform to.
    static let templateNames = [
        "query", "headers", "accessible", "queue", "controller", "container", "decoder", "encoder", "values",
        "value", "body", "request", "response", "resource", "path", "server", "client", "data", "result", "error",
        "payload", "entities", "entity", "metadata", "items", "id", "hash_value", "hash", "description", "raw_value",
        "known_cases", "unknown", "unrecognized", "json_names", "coding_keys", "live", "preview", "unimplemented",
        "router",
        "handling", "decode", "encode", "name", "method", "deduplicate", "parameters", "key", "keys", "with",
        "auth", "credential", "environment", "servers", "contents", "identifier", "lazy", "self_type", "hasher",
        "lhs", "rhs", "copy", "updated_copy", "pair", "pairs", "query_list", "headers_list", "accessor", "on",
        "isolation", "caller_isolation", "environment", "with", "none", "some", "max_pages", "pages",
    ]

    /// Type names from Swift, Foundation and LucidRuntime that generated code uses.
    static let runtimeAndStandardNames = Array(SwiftNaming.reservedTypeNames).sorted()

    static func snakeCased(_ camel: String) -> String {
        var words: [String] = []
        var current = ""
        let characters = Array(camel)
        for (index, character) in characters.enumerated() {
            let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
            if character.isUppercase, !current.isEmpty, current.last!.isLowercase || nextIsLower {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// Scalars without a date or duration, which lists, maps and plain responses cannot hold.
    static let undated = ScalarType.allCases.filter { $0.facts.isSimpleValue && $0.facts.coding == .plain }
        .map(\.rawValue)

    /// The scalars that go everywhere a simple value does (all but `file_upload`), from the scalar table, so a new
    /// scalar type is fuzzed without a change here.
    static let scalars = ScalarType.allCases.filter(\.facts.isSimpleValue).map(\.rawValue)

    // MARK: - Drawing

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    private mutating func count(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    /// A member name: mostly from the pools, sometimes long or non-ASCII.
    private mutating func memberName() -> String {
        if random.next() % 200 == 0 { return "caf\u{E9}_au_lait" }
        if chance(2) { return longName() }
        return pick(Self.memberNames)
    }

    /// A type name: ordinary, or from the pools (which lint must refuse or the generator must survive).
    private mutating func typeName() -> String {
        if chance(4) { return pick(Self.memberNames) }
        if chance(1) { return longName() }
        return pick(["movie", "genre", "person", "job", "note", "tag", "film_info", "status", "kind", "rating"])
            + (chance(50) ? "" : "_\(count(1...99))")
    }

    private mutating func longName() -> String {
        let words = count(8...60)
        return (0..<words).map { _ in pick(["very", "long", "name", "part", "segment"]) }.joined(separator: "_")
    }

    /// `count` distinct names drawn by `draw`.
    private mutating func distinct(_ count: Int, _ draw: (inout SpecFuzzer) -> String) -> [String] {
        var names: [String] = []
        var attempts = 0
        while names.count < count, attempts < count * 10 {
            attempts += 1
            let name = draw(&self)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Values of an `enum` variable: some whose Swift cases need a raw value, some that clash once converted.
    static let variableValues = ["eu-west-1", "us", "v1", "2024", "default", "self", "eu_west_1", "a-b", "x"]

    /// The only server, its base URLs holding variables in each place (a whole host, a label, a port, a path
    /// segment), named from the pools: its generated struct, properties, enums and cases meet them.
    private mutating func serverWithVariables() -> String {
        let variables = distinct(count(1...4)) {
            $0.chance(3)
                ? "variable_values"
                : $0.chance(50)
                    ? $0.pick(["server_name", "instance", "region", "tenant", "version", "host"]) : $0.memberName()
        }
        let places = variables.map { _ in pick(["authority", "label", "segment", "port"]) }
        var host = "api.example.com", port = "", path = ""
        var authority: String?
        for (index, (variable, place)) in zip(variables, places).enumerated() {
            // Only the first may be the whole host, so that no label is left out of the URL.
            switch place {
            case "authority" where index == 0: authority = variable
            case "port" where port.isEmpty && authority == nil: port = ":{\(variable)}"
            case "label" where authority == nil: host = "{\(variable)}-" + host
            default: path += "/{\(variable)}"
            }
        }
        let url = "https://" + (authority.map { "{\($0)}" } ?? host) + port + path
        let name =
            chance(3) ? "current" : chance(50) ? pick(["mastodon", "regional", "api", "tenant_api"]) : memberName()
        var yaml = "  \(quoted(name)):\n"
        yaml += chance(50) ? "    url: \(url)\n" : "    environments:\n      production: \(url)\n      local: \(url)\n"
        yaml += "    variables:\n"
        for (variable, place) in zip(variables, places) {
            let isPort = place == "port" && port == ":{\(variable)}"
            var entries: [String] = []
            if chance(40), !isPort {
                let values = distinct(count(1...3)) { $0.pick(Self.variableValues) }
                entries.append("enum: [\(values.map(quoted).joined(separator: ", "))]")
                if chance(50) { entries.append("default: \(quoted(pick(values)))") }
            } else if chance(50) {
                entries.append("default: \(quoted(isPort ? "8080" : pick(Self.variableValues)))")
            }
            if chance(30) { entries.append("description: A variable.") }
            yaml += "      \(quoted(variable)): { \(entries.joined(separator: ", ")) }\n"
        }
        return yaml
    }

    // MARK: - The spec

    /// One spec, as YAML.
    mutating func spec(module: String) -> String {
        stored = []
        var types = distinct(9) { $0.typeName() }
        while types.count < 9 { types.append("type_\(types.count)") }
        let enums = Array(types[0..<2]), optionSets = Array(types[2..<3]), structs = Array(types[3..<5])
        let entities = Array(types[5..<8])
        var yaml = "lucid: 1\nmodule: \(module)\nservers:\n"
        yaml += chance(25) ? serverWithVariables() : "  api: https://api.example.com\n"
        if chance(10) { yaml += "form_lists: \(pick(Self.formLists))\n" }
        // Up to two schemes, in different headers so that an endpoint may send both together.
        let schemes = chance(50) ? distinct(count(1...2)) { $0.memberName() } : []
        if let first = schemes.first { yaml += "auth:\n  \(quoted(first)): bearer\n" }
        if schemes.count > 1 { yaml += "  \(quoted(schemes[1])): { in: header, name: X-Fuzz-Key }\n" }
        yaml += "subtypes:\n"
        for name in optionSets {
            yaml +=
                "  \(quoted(name)):\n    options: [\(distinct(count(1...4)) { $0.memberName() }.map(quoted).joined(separator: ", "))]\n"
        }
        for name in enums {
            let unknown = chance(30) ? ", unknown: true" : ""
            let cases = distinct(count(1...4)) { $0.memberName() }.map(quoted).joined(separator: ", ")
            yaml += "  \(quoted(name)): { cases: [\(cases)]\(unknown) }\n"
        }
        // Sometimes a union, with structs of its own that hold it (no endpoint sends them: a form body could not).
        let union = unionDraw { $0.chance(40) ? $0.typeName() : nil }.flatMap { types.contains($0) ? nil : $0 }
        for name in structs {
            // Structs hold scalars and enums in place; a nullable struct or entity, which may close a cycle (the
            // generated code stores it `@Indirect`), sometimes.
            yaml += "  \(quoted(name)):\n    properties:\n"
            yaml += properties(types: enums + optionSets)
            if chance(30) { yaml += "      \(quoted(memberName())): \(selfReference(structs + entities))\n" }
        }
        if let union {
            yaml += unionDraw { $0.union(union, types: enums + optionSets, structs: structs, entities: entities) }
        }
        if chance(50) { yaml += genericStruct(types[8], types: enums + optionSets) }
        yaml += "entities:\n"
        for (entityIndex, name) in entities.enumerated() {
            yaml += "  \(quoted(name)):\n"
            let props = distinct(count(1...6)) { $0.memberName() }
            var storable = true
            switch random.next() % 4 {
            case 0: yaml += "    identifier: int\n"
            case 1 where chance(30):
                yaml += "    identifier: { type: string, nullable: true }\n"
                storable = false
            case 1: yaml += "    identifier: string\n"
            case 2:
                yaml += "    identifier: none\n"
                storable = false
            default: yaml += "    identifier: { property: \(quoted(props[0])) }\n"
            }
            var firstType = ""
            yaml += "    properties:\n"
            for (index, property) in props.enumerated() {
                // An entity holds those before it in place, so that none is infinite; any other, itself included,
                // through a nullable property.
                if index > 0, let union, unionDraw({ $0.chance(10) }) {
                    yaml += "      \(quoted(property)): \(quoted(union))\n"
                    continue
                }
                let type =
                    index == 0
                    ? pick(["int", "string", "uuid"])
                    : chance(15)
                        ? selfReference(structs + entities)
                        : chance(15) && generic != nil
                            ? instance(enums + optionSets + structs, Array(entities[..<entityIndex]))
                            : propertyType(enums + optionSets + structs, Array(entities[..<entityIndex]))
                if index == 0 { firstType = type }
                yaml += "      \(quoted(property)): \(type)\n"
            }
            // Stored by arrival, or by its first property when that is a version.
            if storable, storeDraw({ $0.chance(50) }) {
                stored.append(name)
                let newer = firstType == "int" && storeDraw { $0.chance(40) }
                yaml += newer ? "    store: { newer: \(quoted(props[0])) }\n" : "    store: true\n"
            }
        }
        yaml += "services:\n"
        for service in distinct(count(1...2), { $0.memberName() }) {
            yaml += "  \(quoted(service)):\n"
            if !schemes.isEmpty, chance(50) { yaml += "    auth: \(auth(schemes))\n" }
            if chance(20) { yaml += "    form_lists: \(pick(Self.formLists))\n" }
            yaml += "    endpoints:\n"
            for endpoint in distinct(count(1...3), { $0.memberName() }) {
                yaml += self.endpoint(endpoint, enums: enums, structs: structs, entities: entities)
            }
        }
        return yaml
    }

    /// A union of two to four cases, tagged by a discriminator sometimes (its cases structs and entities), untagged
    /// otherwise (scalars, enums, structs, entities, a list of itself); rarely itself, which lint refuses. Two structs
    /// of its own hold it (required, or in a list), mostly under one key, so that a case on the cycle is `indirect`
    /// and two cases may read one part of a value; an entity may hold it too.
    private mutating func union(_ name: String, types: [String], structs: [String], entities: [String]) -> String {
        let tagged = chance(30)
        let holders = ["\(name)_node", "\(name)_pair"]
        let key = memberName()
        var yaml = ""
        for holder in holders {
            yaml += "  \(quoted(holder)):\n    properties:\n"
            yaml += "      \(quoted(memberName())): \(pick(Self.undated))\n"
            let held = chance(25) ? "[\(name)]" : name
            yaml += "      \(quoted(chance(70) ? key : memberName())): \(quoted(held))\n"
        }
        let others = types + Self.undated + ["[\(name)]"]
        yaml += "  # a union: \(tagged ? "tagged" : "untagged")\n  \(quoted(name)):\n"
        if tagged { yaml += "    discriminator: \(quoted(pick(["type", "kind", "object", memberName()])))\n" }
        yaml += "    one_of:\n"
        var chosen: [String] = []
        for caseName in distinct(count(2...4), { $0.memberName() }) {
            // Mostly a struct or an entity, its own structs first, which hold the union.
            var type =
                chance(50) ? pick(holders) : tagged || chance(40) ? pick(structs + entities) : pick(others)
            if chance(3) { type = name }
            guard !chosen.contains(type) else { continue }
            chosen.append(type)
            yaml += "      \(quoted(caseName)): \(quoted(type))\n"
        }
        return yaml
    }

    /// A generic struct: one or two type parameters (mostly ordinary names, sometimes from the pools), used by its
    /// properties as `T`, `[T]`, `{string: T}` or `T?`, beside scalars and enums.
    private mutating func genericStruct(_ name: String, types: [String]) -> String {
        let parameters = distinct(count(1...2)) {
            $0.chance(10) ? $0.memberName() : $0.pick(["item", "element", "entry", "node_value"])
        }
        generic = (name, parameters.count)
        var yaml = "  \(quoted(name)):\n    generic: [\(parameters.map(quoted).joined(separator: ", "))]\n"
        yaml += "    properties:\n"
        for property in distinct(count(1...5), { $0.memberName() }) {
            let type =
                chance(60)
                ? quoted(pick(["\(pick(parameters))", "[\(pick(parameters))]", "{string: \(pick(parameters))}"]))
                    + (chance(30) ? ", nullable: true" : "")
                : propertyType(types, [])
            yaml += "      \(quoted(property)): { type: \(type) }\n"
        }
        return yaml
    }

    /// `"page<movie, [int]>"`: an instance of the spec's generic struct, its arguments drawn from scalars,
    /// `types` and `entities`, sometimes in a list.
    private mutating func instance(_ types: [String], _ entities: [String]) -> String {
        guard let generic else { return pick(Self.scalars) }
        let arguments = (0..<generic.arity).map { _ -> String in
            let argument: String
            switch random.next() % 4 {
            case 0 where !types.isEmpty: argument = pick(types)
            case 1 where !entities.isEmpty: argument = pick(entities)
            default: argument = pick(Self.undated)
            }
            return chance(20) ? "[\(argument)]" : argument
        }
        return quoted("\(generic.name)<\(arguments.joined(separator: ", "))>")
    }

    private mutating func properties(types: [String]) -> String {
        distinct(count(1...5)) { $0.memberName() }.map { name in
            "      \(quoted(name)): \(propertyType(types, []))\n"
        }.joined()
    }

    /// A nullable property of any struct or entity type (its own included), with the options that change how a
    /// property is stored: `mutable`, `use_for_equality: false`, `deprecated`.
    private mutating func selfReference(_ types: [String]) -> String {
        var options = ["type: \(quoted(pick(types)))", "nullable: true"]
        if chance(30) { options.append("mutable: true") }
        if chance(20) { options.append("use_for_equality: false") }
        if chance(15) { options.append("deprecated: true") }
        return "{ " + options.joined(separator: ", ") + " }"
    }

    /// In double quotes, so that names such as `true`, `null` or `yes` stay strings.
    private func quoted(_ name: String) -> String { "\"\(name)\"" }

    /// A service's `auth`: one scheme, or with two, both together, either, or either set and `none`.
    private mutating func auth(_ schemes: [String]) -> String {
        let names = schemes.map(quoted)
        guard names.count > 1 else { return names[0] }
        switch random.next() % 4 {
        case 0: return names[0]
        case 1: return "[\(names[0]), \(names[1])]"
        case 2: return "{ any_of: [\(names[1]), \(names[0])] }"
        default: return "{ any_of: [[\(names[0]), \(names[1])], \(names[1]), none] }"
        }
    }

    private mutating func propertyType(_ subtypes: [String], _ entities: [String]) -> String {
        switch random.next() % 10 {
        case 0 where !subtypes.isEmpty: return quoted(pick(subtypes))
        case 1 where !entities.isEmpty: return quoted(pick(entities))
        case 2: return "\"[\(pick(Self.undated))]\""
        case 3: return "\"\(pick(Self.scalars))?\""
        case 4: return "\"{string: \(pick(Self.undated))}\""
        default: return pick(Self.scalars)
        }
    }

    private mutating func endpoint(_ name: String, enums: [String], structs: [String], entities: [String]) -> String {
        // Quoted as YAML values; a generic's arguments go into one quoted expression unquoted.
        let quotedEntities = entities.map(quoted)
        let method = pick(["get", "get", "post", "put", "patch", "delete"])
        let params = distinct(count(0...2)) { $0.memberName() }
        // A write of a stored entity it names by a path parameter: an update (with an optimistic change) or a
        // delete.
        let changed = method == "get" || stored.isEmpty ? nil : storeDraw { $0.chance(30) ? $0.pick($0.stored) : nil }
        let path = "/items" + params.map { "/{\($0)}" }.joined() + (changed == nil ? "" : "/{stored_id}")
        var yaml = "      \(quoted(name)):\n        \(method): \(path)\n"
        if !params.isEmpty || changed != nil {
            yaml += "        params:\n"
            for param in params { yaml += "          \(quoted(param)): \(parameterType(enums))\n" }
            if let changed { yaml += "          stored_id: \(quoted(changed))\n" }
        }
        if let changed {
            yaml += "        store: { \(method == "delete" ? "deletes" : "updates"): \(quoted(changed)) }\n"
        }
        var query = distinct(count(0...3)) { $0.memberName() }
        // Paging in one of its styles; offset and page name an int query item, mostly one declared for them.
        let paging = method == "get" && chance(50) ? pick(Self.pagingStyles) : nil
        var counter: String?
        if paging == "offset" || paging == "page" {
            counter = chance(80) ? memberName() : query.randomElement(using: &random)
            if let name = counter, !query.contains(name) {
                query.append(name)
            }
        }
        if !query.isEmpty {
            yaml += "        query:\n"
            for item in query {
                if item == counter, chance(90) {
                    yaml += "          \(quoted(item)): \(chance(50) ? "int" : "{ type: int, default: 1 }")\n"
                    continue
                }
                // A map is sent as a deep object (`item[key]=value`), the only way a query sends one.
                if chance(8) {
                    let values = chance(15) ? pick(enums) : pick(Self.undated)
                    let nullable = chance(40) ? ", nullable: true" : ""
                    yaml +=
                        "          \(quoted(item)): { type: \"{string: \(values)}\", style: deep_object\(nullable) }\n"
                    continue
                }
                let type = chance(20) ? "\"[\(chance(15) ? pick(enums) : pick(Self.undated))]\"" : parameterType(enums)
                yaml += "          \(quoted(item)): " + (chance(30) ? "{ type: \(type), nullable: true }" : type) + "\n"
            }
        }
        switch paging {
        case "link"?: yaml += "        paging: link\n"
        case "next_url"?: yaml += "        paging: { next_url: \(pagingPath()) }\n"
        case "cursor"?: yaml += "        paging: { cursor: \(pagingPath()), query: \(quoted(memberName())) }\n"
        case "last_item"?: yaml += "        paging: { last_item: \(quoted(memberName())), more: \(pagingPath()) }\n"
        case "offset"?:
            let total = chance(50) ? ", total: \(pagingPath())" : ""
            yaml += "        paging: { offset: \(quoted(counter ?? "offset"))\(total) }\n"
        case "page"?:
            let total = chance(50) ? ", total_pages: \(pagingPath())" : ""
            yaml += "        paging: { page: \(quoted(counter ?? "page"))\(total) }\n"
        default: break
        }
        let headers = distinct(count(0...2)) { $0.memberName() }
        if !headers.isEmpty {
            yaml += "        headers:\n"
            for header in headers { yaml += "          \(quoted(header)): \(parameterType(enums))\n" }
        }
        // A file upload now and then; it cannot be queued.
        let uploads = method != "get" && chance(8)
        if uploads {
            yaml += "        body: { file: \(pick(["image/jpeg", "application/octet-stream", "video/mp4"])) }\n"
        } else if method != "get", chance(50),
            let body = (structs.map(quoted) + quotedEntities).randomElement(using: &random)
        {
            if chance(40), let form = structs.randomElement(using: &random) {
                // A form or multipart body, in one of the list conventions or the inherited one.
                let lists = chance(25) ? ", form_lists: \(pick(Self.formLists))" : ""
                yaml += "        body: { \(pick(["form", "multipart"])): \(quoted(form))\(lists) }\n"
            } else {
                yaml += "        body: \(body)\n"
            }
        }
        // A stream or a download instead of a response, for an endpoint that is not paged.
        if paging == nil, chance(12), changed == nil {
            yaml += transfer(items: structs.map(quoted) + quotedEntities + Self.undated)
            return yaml
        }
        switch random.next() % 4 {
        case 0 where !entities.isEmpty:
            let entity = pick(entities)
            yaml += "        response: { entity: \(quoted(entity)) }\n"
            yaml += readPolicy(of: entity, method: method, changes: changed != nil)
        case 1 where !entities.isEmpty:
            let entity = pick(entities)
            yaml +=
                "        response: { base_key: \(quoted(memberName())), entity: { name: \(quoted(entity)), structure: array } }\n"
            yaml += readPolicy(of: entity, method: method, changes: changed != nil)
        case 2:
            yaml += "        response: none\n"
        case 3 where generic != nil && chance(50):
            yaml += "        response: { type: \(instance(enums + structs, entities)) }\n"
        default:
            yaml += "        response: { type: \"[\(pick(Self.undated))]\" }\n"
        }
        if method != "get", !uploads, chance(30) { yaml += "        queue: true\n" }
        return yaml
    }

    /// Now and then a read policy for a GET that answers a stored entity (one `store:` per endpoint).
    private mutating func readPolicy(of entity: String, method: String, changes: Bool) -> String {
        guard method == "get", !changes, stored.contains(entity) else { return "" }
        return storeDraw {
            $0.chance(40) ? "        store: \($0.pick(["network", "store_first", "store_then_network"]))\n" : ""
        }
    }

    /// `stream:` in one of its formats and options, or `download:`.
    private mutating func transfer(items: [String]) -> String {
        let item = pick(items)
        var options = ""
        if chance(30) { options += ", idle_timeout: \(pick(["5", "30", "0.5"]))" }
        if chance(30) { options += ", max_item_bytes: \(pick(["1", "4096", "1048576"]))" }
        switch random.next() % 5 {
        case 0:
            let terminator = chance(50) ? ", terminator: \"[DONE]\"" : ""
            let resume = chance(40) ? ", resume: \(pick(["true", "false", "3"]))" : ""
            return "        stream: { events: \(item)\(terminator)\(resume)\(options) }\n"
        case 1:
            // Named events: snake_case and dotted names, which become the event enum's cases.
            let names = distinct(count(1...3)) { fuzzer in
                fuzzer.chance(30) ? "response." + fuzzer.memberName() : fuzzer.memberName()
            }
            let events = names.map { "\(quoted($0)): \(pick(items))" }.joined(separator: ", ")
            return "        stream: { events: { \(events) }\(options) }\n"
        case 2: return "        stream: { json_lines: \(item)\(options) }\n"
        case 3: return "        stream: { json_seq: \(item)\(options) }\n"
        default:
            let limit = chance(50) ? ", max_bytes: 1000000" : ""
            let type = chance(50) ? ", content_type: image/png" : ""
            return "        download: { resume: \(pick(["true", "0", "2"]))\(limit)\(type) }\n"
        }
    }

    /// The `paging` styles.
    static let pagingStyles = ["link", "next_url", "cursor", "last_item", "offset", "page"]

    /// A body path for `paging`: one to three keys, joined with dots.
    private mutating func pagingPath() -> String {
        quoted(distinct(count(1...3)) { $0.memberName() }.joined(separator: "."))
    }

    /// The `form_lists` conventions.
    static let formLists = ["mixed", "brackets", "indexed", "repeat", "comma"]

    private mutating func parameterType(_ enums: [String]) -> String {
        chance(15) ? quoted(pick(enums)) : pick(Self.scalars)
    }
}

/// A small, fast generator with a seed: the same spec on every platform and run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
