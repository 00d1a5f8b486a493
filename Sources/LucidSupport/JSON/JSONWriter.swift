extension JSONNode {
    /// The JSON text: two-space indentation with `"key": value` when `pretty`, compact otherwise; empty containers
    /// as `{}` and `[]`; strings as `JSONStringLiteral` writes them (slashes unescaped); numbers as written.
    ///
    /// The tool's one JSON writer: `lucid-gen openapi` writes its document with it, and `lucid-gen dump` the
    /// model `JSONEncoder` encodes (Foundation's pretty printer writes empty containers over three lines and
    /// `"key" : value`).
    package func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, depth: 0, pretty: pretty)
        return output
    }

    private func write(to output: inout String, depth: Int, pretty: Bool) {
        switch content {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let value): JSONStringLiteral.append(value, to: &output)
        case .array(let items):
            Self.writeContainer(
                items.map { (nil, $0) }, brackets: ("[", "]"), to: &output, depth: depth, pretty: pretty)
        case .object(let object):
            Self.writeContainer(
                object.members.map { ($0.key, $0.value) }, brackets: ("{", "}"), to: &output, depth: depth,
                pretty: pretty)
        }
    }

    private static func writeContainer(
        _ entries: [(String?, JSONNode)], brackets: (String, String), to output: inout String, depth: Int,
        pretty: Bool
    ) {
        output += brackets.0
        guard !entries.isEmpty else {
            output += brackets.1
            return
        }
        let indent = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
        for (index, (key, value)) in entries.enumerated() {
            output += (index == 0 ? "" : ",") + indent
            if let key {
                JSONStringLiteral.append(key, to: &output)
                output += pretty ? ": " : ":"
            }
            value.write(to: &output, depth: depth + 1, pretty: pretty)
        }
        output += (pretty ? "\n" + String(repeating: "  ", count: depth) : "") + brackets.1
    }
}
