/// The value of a `deprecated` key (of an entity, subtype, property or endpoint): `deprecated: true`, or a message;
/// nil for `false`, and for anything else, reported.
func deprecation(_ node: YAMLNode, context: DecodingContext, _ what: String) -> String? {
    switch node.scalar?.value {
    case .bool(let value)?: return value ? "" : nil
    case .string(let message)?: return message
    default:
        context.expected("true or a message", for: "'deprecated' of \(what)", found: node)
        return nil
    }
}
