import CYaml

/// Turns libyaml events into `YAMLNode` trees without recursion, resolving aliases and merge keys and
/// enforcing `YAMLLimits` as it goes.
struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        /// Sequence items, or mapping keys and values alternating.
        var children: [YAMLNode] = []
        /// Nodes in this subtree once aliases are expanded.
        var weight = 1
        /// Levels of collections in this subtree, itself included.
        var height = 1
    }

    /// An anchored node with what an alias to it adds to the document.
    private struct Anchored {
        var node: YAMLNode
        var weight: Int
        var height: Int
    }

    private let file: String
    private let options: YAMLOptions
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    /// Nodes in the current document so far, each counted once, aliases as the nodes they repeat.
    private var expandedNodes = 0
    /// How many of `expandedNodes` came from aliases, to tell an alias bomb from a merely huge document.
    private var aliasedNodes = 0
    /// One shared origin per tag, so that nodes do not each carry the file name and tag.
    private var origins: [String: YAMLNode.Origin] = [:]
    /// The origin of the nodes without a tag, nearly all of them: kept apart so that they need no lookup.
    private let untagged: YAMLNode.Origin
    private(set) var documents: [YAMLNode] = []

    /// Where the stream ends when libyaml would place its end past it (`YAMLLoader.endOfStream`).
    private let end: SourceLocation?

    init(file: String, options: YAMLOptions, end: SourceLocation? = nil) {
        self.file = file
        self.options = options
        self.end = end
        untagged = YAMLNode.Origin(file: file, tag: nil)
    }

    mutating func handle(_ event: yaml_event_t) throws(YAMLError) {
        let location = YAMLLoader.location(event.start_mark, file: file, end: end)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            anchors = [:]  // anchors are scoped to their document
            expandedNodes = 0
            aliasedNodes = 0
        case YAML_SCALAR_EVENT:
            try count(1, at: location)
            let node = try scalarNode(event, at: location)
            complete(node, weight: 1, height: 0, anchor: string(event.data.scalar.anchor))
        case YAML_ALIAS_EVENT:
            try alias(string(event.data.alias.anchor) ?? "", at: location)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(Frame(isMapping: false, location: location, tag: string(data.tag), anchor: string(data.anchor)))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(Frame(isMapping: true, location: location, tag: string(data.tag), anchor: string(data.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try close()
        default:
            break
        }
    }

    private mutating func open(_ frame: Frame) throws(YAMLError) {
        guard stack.count < options.limits.maxDepth else {
            throw depthError(at: frame.location, hint: "flatten the document")
        }
        try count(1, at: frame.location)
        stack.append(frame)
    }

    private mutating func close() throws(YAMLError) {
        let frame = stack.removeLast()
        let content: YAMLNode.Content
        if frame.isMapping {
            content = .mapping(try MappingAssembly(options: options).pairs(from: frame.children))
        } else {
            content = .sequence(frame.children)
        }
        let node = makeNode(content, at: frame.location, tag: frame.tag)
        complete(node, weight: frame.weight, height: frame.height, anchor: frame.anchor)
    }

    private mutating func alias(_ name: String, at location: SourceLocation) throws(YAMLError) {
        guard let anchored = anchors[name] else {
            throw YAMLError(
                .error(
                    "unknown alias '*\(name)'", at: location,
                    hint: "an anchor '&\(name)' must be defined before it is used"))
        }
        // The copy lands under the open collections, so a deep anchored node repeated inside other deep
        // collections could otherwise build a tree far deeper than the limit without any deep text.
        guard stack.count + anchored.height <= options.limits.maxDepth else {
            throw depthError(at: location, hint: "'*\(name)' repeats a node \(anchored.height) levels deep")
        }
        aliasedNodes += anchored.weight
        try count(anchored.weight, at: location)
        var node = anchored.node
        node.location = location
        complete(node, weight: anchored.weight, height: anchored.height, anchor: nil)
    }

    private func depthError(at location: SourceLocation, hint: String) -> YAMLError {
        YAMLError(.error("nesting is deeper than \(options.limits.maxDepth) levels", at: location, hint: hint))
    }

    /// Counts new nodes against `maxExpandedNodes`: collections when they open, scalars as they come, and
    /// aliases as every node they repeat.
    private mutating func count(_ nodes: Int, at location: SourceLocation) throws(YAMLError) {
        expandedNodes += nodes
        guard expandedNodes <= options.limits.maxExpandedNodes else {
            let limit = options.limits.maxExpandedNodes
            guard aliasedNodes > 0 else {
                throw YAMLError(
                    .error(
                        "the document has more than \(limit) nodes", at: location,
                        hint: "split it into included files"))
            }
            throw YAMLError(
                .error(
                    "aliases expand this document beyond \(limit) nodes", at: location,
                    hint: "an alias that repeats large nodes many times (a 'billion laughs' document) is not loaded"))
        }
    }

    /// Adds a finished node to its parent, or makes it a document.
    private mutating func complete(_ node: YAMLNode, weight: Int, height: Int, anchor: String?) {
        if let anchor { anchors[anchor] = Anchored(node: node, weight: weight, height: height) }
        guard !stack.isEmpty else {
            documents.append(node)
            return
        }
        stack[stack.count - 1].children.append(node)
        stack[stack.count - 1].weight += weight
        stack[stack.count - 1].height = max(stack[stack.count - 1].height, height + 1)
    }

    private mutating func makeNode(_ content: YAMLNode.Content, at location: SourceLocation, tag: String?) -> YAMLNode {
        let origin: YAMLNode.Origin
        if let tag {
            if let shared = origins[tag] {
                origin = shared
            } else {
                origin = YAMLNode.Origin(file: file, tag: tag)
                origins[tag] = origin
            }
        } else {
            origin = untagged
        }
        return YAMLNode(content, origin: origin, line: location.line, column: location.column)
    }

    private mutating func scalarNode(_ event: yaml_event_t, at location: SourceLocation) throws(YAMLError) -> YAMLNode {
        let data = event.data.scalar
        let text =
            data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
        let tag = string(data.tag)
        let style = Self.style(data.style)
        guard let value = ScalarResolution.resolve(text, style: style, tag: tag) else {
            let typeName = tag.map { $0.replacingPrefix(ScalarResolution.tagPrefix, with: "!!") } ?? "?"
            throw YAMLError(.error("'\(text)' is not a valid \(typeName)", at: location))
        }
        return makeNode(.scalar(YAMLScalar(text: text, style: style, value: value)), at: location, tag: tag)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
