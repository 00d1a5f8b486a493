/// Decodes a response's `headers:`: each entry `name: type` or `name: { type, key, nullable, format, description }`.
struct ResponseHeaderDecoder {
    /// The keys of one header written as a mapping.
    enum Key: String, SpecKeys {
        case type, key, nullable, format, description
    }

    let context: DecodingContext

    func decodeAll(_ node: YAMLNode, owner: String) -> [ResponseHeader] {
        context.namedEntries(node, "'headers' of \(owner)").compactMap { entry in
            decode(name: entry.name, node: entry.value, at: entry.key.location, "header '\(entry.name)' of \(owner)")
        }
    }

    private func decode(name: String, node: YAMLNode, at location: SourceLocation, _ what: String) -> ResponseHeader? {
        if node.scalar != nil {
            guard let (type, nullable) = headerType(node, what) else { return nil }
            var header = ResponseHeader(
                name: name, key: name, type: type, nullable: nullable, dateFormat: nil, description: nil,
                location: location)
            header.typeLocation = node.location
            return header
        }
        guard let reader = MappingReader(node, what, keys: Key.names, context: context) else { return nil }
        guard let typeNode = reader[Key.type] else {
            context.error("\(what) has no 'type'", at: location)
            return nil
        }
        guard let (type, nullable) = headerType(typeNode, what) else { return nil }
        let key = reader[Key.key].flatMap { context.text($0, "the key of \(what)") } ?? name
        if key.isEmpty { context.error("the key of \(what) is empty", at: reader[Key.key]?.location ?? location) }
        var header = ResponseHeader(
            name: name, key: key, type: type,
            nullable: nullable || Flags(reader: reader, context: context, what: what)[Key.nullable],
            dateFormat: reader[Key.format].flatMap {
                PropertyDecoder(context: context, role: .header).dateFormat($0, what)
            },
            description: reader[Key.description].flatMap { context.string($0, "the description of \(what)") },
            location: location)
        header.typeLocation = typeNode.location
        header.formatLocation = reader.keyLocation(Key.format)
        return header
    }

    /// `string`, `int?`, `links`: a scalar a header can hold, or links, with a trailing `?` for nullable.
    private func headerType(_ node: YAMLNode, _ what: String) -> (ResponseHeader.HeaderType, Bool)? {
        guard let text = context.string(node, "the type of \(what)") else { return nil }
        let nullable = text.hasSuffix("?")
        let name = Substring(nullable ? String(text.dropLast()) : text).trimmingSpaces()
        if name == "links" { return (.links, nullable) }
        if let scalar = ScalarType(rawValue: String(name)), ResponseHeader.HeaderType.scalars.contains(scalar) {
            return (.scalar(scalar), nullable)
        }
        let names = ResponseHeader.HeaderType.scalars.map(\.rawValue) + ["links"]
        context.error(
            "'\(text)' is not a header type", at: node.location,
            hint: Suggestions.hint(for: String(name), in: names) ?? "use \(names.joined(separator: ", "))")
        return nil
    }
}
