/// Decodes `fixed_headers:` and `fixed_query:` (at the top level, on a service or on an endpoint): mappings of
/// wire names to values written as scalars (`X-GitHub-Api-Version: 2022-11-28`, `per_page: 100`); `name: null`
/// removes one an outer level declares.
struct FixedParameterDecoder {
    let context: DecodingContext

    /// The two mappings of `reader`, under the keys `headers` and `query` name (`fixed_headers`, `fixed_query`).
    func decode(headers: YAMLNode?, query: YAMLNode?, owner: String) -> FixedParameters {
        FixedParameters(
            headers: headers.map { entries($0, "'fixed_headers' of \(owner)") } ?? [],
            query: query.map { entries($0, "'fixed_query' of \(owner)") } ?? [])
    }

    private func entries(_ node: YAMLNode, _ what: String) -> [FixedParameter] {
        context.namedEntries(node, what).compactMap { name, key, value in
            guard !name.isEmpty else {
                context.error("a name in \(what) is empty", at: key.location)
                return nil
            }
            if value.scalar?.value == .null {
                var removal = FixedParameter(name: name, value: "", location: key.location)
                removal.removes = true
                return removal
            }
            guard value.scalar != nil, let text = context.text(value, "'\(name)' of \(what)") else {
                context.error(
                    "'\(name)' of \(what) needs a value", at: value.location,
                    hint: "write the text to send, or null to remove one an outer level sets")
                return nil
            }
            return FixedParameter(name: name, value: text, location: key.location)
        }
    }
}
