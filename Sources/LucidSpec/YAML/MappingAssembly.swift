/// Pairs a mapping's keys and values, applies `<<` merge keys and rejects duplicate keys.
struct MappingAssembly {
    let options: YAMLOptions

    /// - Parameter children: keys and values alternating, as the parser produced them.
    func pairs(from children: [YAMLNode]) throws(YAMLError) -> [YAMLNode.Pair] {
        var pairs: [YAMLNode.Pair] = []
        pairs.reserveCapacity(children.count / 2)
        var hasMergeKey = false
        var index = 0
        while index + 1 < children.count {
            hasMergeKey = hasMergeKey || isMergeKey(children[index])
            pairs.append(YAMLNode.Pair(key: children[index], value: children[index + 1]))
            index += 2
        }
        // Nearly no mapping has a merge key: it is then checked as it is, not copied without them.
        if options.rejectDuplicateKeys {
            try rejectDuplicates(in: hasMergeKey ? pairs.filter { !isMergeKey($0.key) } : pairs)
        }
        guard hasMergeKey else { return pairs }
        return try merged(pairs)
    }

    /// Merged entries take the place of their `<<` key; keys written in the mapping itself always win, and
    /// among merged mappings the first that names a key wins (YAML's merge rules).
    private func merged(_ pairs: [YAMLNode.Pair]) throws(YAMLError) -> [YAMLNode.Pair] {
        var seen = Set(pairs.compactMap { isMergeKey($0.key) ? nil : Self.identity(of: $0.key) })
        var result: [YAMLNode.Pair] = []
        for pair in pairs {
            guard isMergeKey(pair.key) else {
                result.append(pair)
                continue
            }
            for source in try mergeSources(pair.value) {
                for entry in source {
                    guard let identity = Self.identity(of: entry.key) else {
                        result.append(entry)
                        continue
                    }
                    if seen.insert(identity).inserted { result.append(entry) }
                }
            }
        }
        return result
    }

    private func mergeSources(_ value: YAMLNode) throws(YAMLError) -> [[YAMLNode.Pair]] {
        if let mapping = value.mapping { return [mapping] }
        if let items = value.sequence {
            var sources: [[YAMLNode.Pair]] = []
            for item in items {
                guard let mapping = item.mapping else { throw mergeError(at: item.location, found: item) }
                sources.append(mapping)
            }
            return sources
        }
        throw mergeError(at: value.location, found: value)
    }

    private func mergeError(at location: SourceLocation, found node: YAMLNode) -> YAMLError {
        YAMLError(
            .error("a merge key '<<' takes a mapping or a list of mappings, not \(node.kindDescription)", at: location))
    }

    private func rejectDuplicates(in pairs: [YAMLNode.Pair]) throws(YAMLError) {
        guard pairs.count > 1 else { return }
        // Most mappings are small: comparing each key with the earlier ones beats hashing them, and finds the
        // same first duplicate, and the same first occurrence, as the dictionary does.
        if pairs.count <= Self.smallMapping {
            for later in 1..<pairs.count {
                for earlier in 0..<later where Self.sameKey(pairs[earlier].key, pairs[later].key) {
                    throw duplicate(pairs[later].key, first: pairs[earlier].key.location)
                }
            }
            return
        }
        var firstSeen: [String: SourceLocation] = [:]
        for pair in pairs {
            guard let identity = Self.identity(of: pair.key) else { continue }
            if let first = firstSeen[identity] { throw duplicate(pair.key, first: first) }
            firstSeen[identity] = pair.key.location
        }
    }

    /// Up to this many keys, duplicates are found by comparing keys pairwise.
    static let smallMapping = 16

    private func duplicate(_ key: YAMLNode, first: SourceLocation) -> YAMLError {
        YAMLError(
            .error(
                "duplicate key '\(key.scalar?.text ?? "")'", at: key.location,
                notes: [.note("first defined here", at: first)]))
    }

    /// Whether two keys are the same key by `identity(of:)`, without building the identities of string keys.
    static func sameKey(_ first: YAMLNode, _ second: YAMLNode) -> Bool {
        guard let a = first.scalar, let b = second.scalar else { return false }
        if case .string(let x) = a.value, case .string(let y) = b.value { return x == y }
        return identity(of: first) == identity(of: second)
    }

    private func isMergeKey(_ key: YAMLNode) -> Bool {
        guard options.mergeKeys, let scalar = key.scalar, scalar.text == "<<" else { return false }
        return key.tag == nil ? scalar.style == .plain : key.tag == ScalarResolution.tagPrefix + "merge"
    }

    /// Scalar keys compare by value, so `"a"` and `a` are the same key; collection keys are never compared.
    static func identity(of key: YAMLNode) -> String? {
        guard let scalar = key.scalar else { return nil }
        switch scalar.value {
        case .null: return "null"
        case .bool(let value): return "bool:\(value)"
        case .int(let value): return "int:\(value)"
        case .float(let value): return "float:\(value)"
        case .string(let value): return "string:\(value)"
        }
    }
}
