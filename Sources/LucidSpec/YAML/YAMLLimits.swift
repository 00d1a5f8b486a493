/// Bounds that keep hostile YAML from exhausting memory, time or the stack.
public struct YAMLLimits: Sendable {
    /// Most nested collections allowed; deeper input is rejected before it can overflow anything.
    public var maxDepth: Int
    /// Most nodes a document may hold once every alias is expanded ("billion laughs" protection).
    public var maxExpandedNodes: Int

    public init(maxDepth: Int = 256, maxExpandedNodes: Int = 2_000_000) {
        self.maxDepth = maxDepth
        self.maxExpandedNodes = maxExpandedNodes
    }

    public static let `default` = YAMLLimits()
}

/// How the loader treats the parts of YAML that the core schema leaves to the application.
public struct YAMLOptions: Sendable {
    /// Apply `<<` merge keys (YAML 1.1's merge type, which specs use for shared fragments).
    public var mergeKeys: Bool
    /// Reject a mapping that names the same key twice (YAML requires keys to be unique).
    public var rejectDuplicateKeys: Bool
    public var limits: YAMLLimits

    public init(mergeKeys: Bool = true, rejectDuplicateKeys: Bool = true, limits: YAMLLimits = .default) {
        self.mergeKeys = mergeKeys
        self.rejectDuplicateKeys = rejectDuplicateKeys
        self.limits = limits
    }
}

/// A YAML stream could not be loaded; the diagnostic says where and why.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    public var description: String { diagnostic.description }
}
