import LucidSupport

extension JSONNode {
    /// The value without the keys at `paths`, the way LucidRuntime skips a response's `excluded_paths` while
    /// decoding (and `JSONExclusion` removes them): each path names object keys from this value; an array met on the
    /// way applies the rest of the path to every item; missing keys are ignored.
    func removing(_ paths: [[String]]) -> JSONNode {
        paths.filter { !$0.isEmpty }.reduce(self) { value, path in value.removing(path[...]) }
    }

    private func removing(_ path: ArraySlice<String>) -> JSONNode {
        switch content {
        case .array(let items):
            return JSONNode(content: .array(items.map { $0.removing(path) }), position: position)
        case .object(let object):
            guard let key = path.first, let child = object[key] else { return self }
            let rest = path.dropFirst()
            let changed = rest.isEmpty ? object.removing(key) : object.replacing(key, with: child.removing(rest))
            return JSONNode(content: .object(changed), position: position)
        case .null, .bool, .number, .string:
            return self
        }
    }
}
