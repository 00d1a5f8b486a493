/// Bounds that keep hostile YAML from exhausting memory, time or the stack.
public struct YAMLLimits: Sendable {
    /// Most nested collections allowed; deeper input is rejected before it can overflow anything.
    public var maxDepth: Int
    /// Most nodes a document may hold once every alias is expanded ("billion laughs" protection).
    public var maxExpandedNodes: Int

    /// Limits of `maxDepth` nested collections and `maxExpandedNodes` nodes.
    public init(maxDepth: Int = 256, maxExpandedNodes: Int = 2_000_000) {
        self.maxDepth = maxDepth
        self.maxExpandedNodes = maxExpandedNodes
    }

    /// The limits specs are loaded with unless told otherwise: depth 256, 2,000,000 nodes.
    public static let `default` = YAMLLimits()
}

/// How the loader treats the parts of YAML that the core schema leaves to the application.
public struct YAMLOptions: Sendable {
    /// Apply `<<` merge keys (YAML 1.1's merge type, which specs use for shared fragments).
    public var mergeKeys: Bool
    /// Reject a mapping that names the same key twice (YAML requires keys to be unique).
    public var rejectDuplicateKeys: Bool
    /// Bounds on nesting and on alias expansion.
    public var limits: YAMLLimits

    /// Options as given; the defaults are what specs are loaded with.
    public init(mergeKeys: Bool = true, rejectDuplicateKeys: Bool = true, limits: YAMLLimits = .default) {
        self.mergeKeys = mergeKeys
        self.rejectDuplicateKeys = rejectDuplicateKeys
        self.limits = limits
    }
}

/// A YAML stream could not be loaded; the diagnostic says where and why.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and where.
    public var diagnostic: Diagnostic

    /// An error that reports `diagnostic`.
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    /// The diagnostic as printed (`file:line:col: severity: message`).
    public var description: String { diagnostic.description }
}
