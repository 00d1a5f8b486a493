/// Decodes the `auth` of a service or an endpoint: `none`, a scheme name, a list of scheme names sent together, or
/// `{ any_of: [...] }` whose alternatives are each a name, a list of names or `none`. Only shapes are checked here;
/// `EndpointRules` checks the names and how they combine.
struct AuthDecoder {
    /// The keys of the mapping form.
    enum Key: String, SpecKeys {
        case anyOf = "any_of"
    }

    let context: DecodingContext

    /// `node` as written, or nil after reporting a wrong shape.
    func decode(_ node: YAMLNode, _ what: String) -> WrittenAuth? {
        let owner = "the auth of \(what)"
        if let scalar = node.scalar {
            guard case .string(let name) = scalar.value else {
                context.expected(Self.shapes, for: owner, found: node)
                return nil
            }
            return WrittenAuth(alternatives: [alone(name, at: node.location)], isAnyOf: false, location: node.location)
        }
        if let items = node.sequence {
            guard let together = together(items, at: node.location, owner) else { return nil }
            return WrittenAuth(alternatives: [together], isAnyOf: false, location: node.location)
        }
        guard let reader = MappingReader(node, owner, keys: Key.names, context: context) else { return nil }
        guard let list = reader[Key.anyOf] else {
            if !reader.reportedUnknownKeys {
                context.error(
                    "\(owner) is a mapping without 'any_of'", at: node.location,
                    hint: "write 'auth: { any_of: [<scheme>, <scheme>] }' for alternatives")
            }
            return nil
        }
        let what = "'any_of' of \(owner)"
        guard let items = list.sequence else {
            context.expected("a list of alternatives", for: what, found: list)
            return nil
        }
        guard !items.isEmpty else {
            context.error("\(what) lists no alternative", at: list.location, hint: "write 'auth: none' for none")
            return nil
        }
        var alternatives: [WrittenAuth.Alternative] = []
        for item in items {
            if item.scalar != nil {
                guard let name = context.string(item, "an alternative in \(what)") else { return nil }
                alternatives.append(alone(name, at: item.location))
            } else if let names = item.sequence {
                guard let together = together(names, at: item.location, "an alternative in \(what)") else {
                    return nil
                }
                alternatives.append(together)
            } else {
                context.expected(
                    "a scheme name, a list of scheme names or 'none'", for: "an alternative in \(what)",
                    found: item)
                return nil
            }
        }
        return WrittenAuth(alternatives: alternatives, isAnyOf: true, location: node.location)
    }

    /// What `auth` may be, for the message about another shape.
    private static let shapes = "a scheme name, 'none', a list of scheme names or '{ any_of: [...] }'"

    private func alone(_ name: String, at location: SourceLocation) -> WrittenAuth.Alternative {
        WrittenAuth.Alternative(
            names: [WrittenAuth.Name(text: name, location: location)], location: location,
            isList: false)
    }

    /// A list of scheme names sent together; not empty, and without `none`.
    private func together(
        _ items: [YAMLNode], at location: SourceLocation, _ what: String
    ) -> WrittenAuth.Alternative? {
        guard !items.isEmpty else {
            context.error(
                "\(what) is an empty list", at: location,
                hint: "name the schemes sent together, or write 'none' for no authentication")
            return nil
        }
        var names: [WrittenAuth.Name] = []
        for item in items {
            guard let name = context.string(item, "a scheme name in \(what)") else { return nil }
            if name == "none" {
                context.error(
                    "'none' cannot be sent together with other schemes in \(what)", at: item.location,
                    hint: "for optional authentication, write 'none' as the last alternative: "
                        + "'auth: { any_of: [<scheme>, none] }'")
                return nil
            }
            names.append(WrittenAuth.Name(text: name, location: item.location))
        }
        return WrittenAuth.Alternative(names: names, location: location, isList: true)
    }
}
