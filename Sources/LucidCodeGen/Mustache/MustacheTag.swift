/// One tag as the parser reads it, before it becomes a node.
struct MustacheTag {
    /// What the tag's sigil (the byte after the opening delimiter) makes of it.
    enum Kind {
        case variable, tripleMustache, ampersand, section, inverted, close, comment, partial, delimiters

        init(sigil: UInt8) {
            switch sigil {
            case UInt8(ascii: "{"): self = .tripleMustache
            case UInt8(ascii: "&"): self = .ampersand
            case UInt8(ascii: "#"): self = .section
            case UInt8(ascii: "^"): self = .inverted
            case UInt8(ascii: "/"): self = .close
            case UInt8(ascii: "!"): self = .comment
            case UInt8(ascii: ">"): self = .partial
            case UInt8(ascii: "="): self = .delimiters
            default: self = .variable
            }
        }

        /// Whether the sigil is a byte of its own, not the start of the name.
        var hasSigil: Bool { self != .variable }

        /// The byte before the closing delimiter that ends this kind of tag: `}` of `{{{x}}}`, `=` of
        /// `{{=<% %>=}}`.
        var closingPrefix: UInt8? {
            switch self {
            case .tripleMustache: UInt8(ascii: "}")
            case .delimiters: UInt8(ascii: "=")
            default: nil
            }
        }

        /// Interpolations print something and so are never standalone; every other tag is when it is
        /// alone on its line.
        var canStandAlone: Bool {
            switch self {
            case .variable, .tripleMustache, .ampersand: false
            default: true
            }
        }
    }

    var kind: Kind
    /// The text between the sigil and the closing delimiter, trimmed of whitespace.
    var content: String
    /// UTF-8 offsets of the opening delimiter and just past the closing one.
    var start: Int
    var end: Int
}
