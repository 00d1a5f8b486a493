/// A YAML node as loaded: its content in document order and where it starts in the file.
///
/// Aliases are already replaced by (shared, copy-on-write) copies of their anchored node and merge
/// keys (`<<`) are already applied, so consumers never see either.
public struct YAMLNode: Sendable {
    /// A scalar, a sequence or a mapping (its pairs in document order).
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// One `key: value` entry of a mapping, in document order.
    public struct Pair: Sendable {
        /// The key, a node of its own (with its location).
        public var key: YAMLNode
        /// The value the key maps to.
        public var value: YAMLNode

        /// A pair of `key` and `value`.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// The node's scalar, items or pairs.
    public var content: Content
    // The file and tag live in a shared `Origin`, and line and column in 32 bits, so that a node takes 64
    // bytes instead of 96: documents are bounded by their node count, and memory follows the node size.
    private var origin: Origin
    private var line: UInt32
    private var column: UInt32

    /// Where the node starts (for a copy made by an alias: where the alias is).
    public var location: SourceLocation {
        get { SourceLocation(file: origin.file, line: Int(line), column: Int(column)) }
        set {
            if newValue.file != origin.file { origin = Origin(file: newValue.file, tag: origin.tag) }
            line = UInt32(clamping: newValue.line)
            column = UInt32(clamping: newValue.column)
        }
    }

    /// The explicit tag, fully resolved (`tag:yaml.org,2002:str`, `!custom`), or nil when the node had none.
    public var tag: String? {
        get { origin.tag }
        set { if newValue != origin.tag { origin = Origin(file: origin.file, tag: newValue) } }
    }

    /// A node starting at `location`, with its explicit `tag` when it had one.
    public init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.init(content, origin: Origin(file: location.file, tag: tag), line: location.line, column: location.column)
    }

    /// A node whose file and tag are `origin`, which the loader shares between nodes.
    init(_ content: Content, origin: Origin, line: Int, column: Int) {
        self.content = content
        self.origin = origin
        self.line = UInt32(clamping: line)
        self.column = UInt32(clamping: column)
    }

    /// The file a node comes from and its tag: the same for most nodes of a file, so shared by reference.
    final class Origin: Sendable {
        let file: String
        let tag: String?

        init(file: String, tag: String?) {
            self.file = file
            self.tag = tag
        }
    }

    /// The scalar, or nil when the node is a sequence or a mapping.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, or nil when the node is not a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs in document order, or nil when the node is not a mapping.
    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// "a mapping", "a list", "a string", ... for messages such as "expected a string, found a list".
    public var kindDescription: String {
        switch content {
        case .scalar(let scalar): return scalar.value.kindDescription
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A scalar's text and the value the YAML 1.2 core schema gives it.
public struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written; only plain scalars are typed by the core schema.
    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The scalar's content after unquoting and folding.
    public var text: String
    /// How the scalar was written: plain, quoted or as a block.
    public var style: Style
    /// The value the core schema (or an explicit tag) gives the text.
    public var value: YAMLValue

    /// A scalar with its text, how it was written and its resolved value.
    public init(text: String, style: Style, value: YAMLValue) {
        self.text = text
        self.style = style
        self.value = value
    }
}

/// The typed value of a scalar under the YAML 1.2 core schema.
public enum YAMLValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(String)

    /// "null", "a boolean", "an integer", ... for messages such as "expected a string, found an integer".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .float: return "a number"
        case .string: return "a string"
        }
    }
}
