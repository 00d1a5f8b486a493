import LucidSpec
import LucidSupport

extension OpenAPIJSON {
    /// The value of the JSON `text`, keeping the order of object keys, or nil when it is not one JSON value: the
    /// `example:` bodies of a spec (which lint has already checked) become the examples of their responses. Read
    /// by LucidSpec's strict `JSONParser`, the one that checks them. Whole numbers that fit 64 bits are integers,
    /// other numbers doubles; of duplicate keys the first is kept, as `JSONDecoder` reads it.
    static func parsing(_ text: String) -> OpenAPIJSON? {
        guard let node = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        return OpenAPIJSON(node)
    }

    private init(_ node: JSONNode) {
        switch node.content {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = Int64(text).map(OpenAPIJSON.int) ?? .double(Double(text) ?? .nan)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(OpenAPIJSON.init))
        case .object(let object):
            var seen = Set<String>()
            self = .object(
                object.members.filter { seen.insert($0.key).inserted }.map { ($0.key, OpenAPIJSON($0.value)) })
        }
    }
}
