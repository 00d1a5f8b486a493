/// What writing a set of generated files would change in an output folder.
public struct OutputPlan: Sendable, Equatable {
    /// Files that are new or whose bytes differ.
    public var writes: [GeneratedFile]
    /// Paths whose current bytes are already right.
    public var unchanged: [String]
    /// Files that carry the generated header but are no longer generated.
    public var deletions: [String]

    /// Whether applying the plan would change anything.
    public var isEmpty: Bool { writes.isEmpty && deletions.isEmpty }

    /// Every path the plan changes, sorted: what `generate --check` lists.
    public var changedPaths: [String] { (writes.map(\.path) + deletions).sorted() }
}

/// Counts of what applying a plan did.
public struct OutputSummary: Sendable, Equatable {
    public var written: Int
    public var unchanged: Int
    public var deleted: Int
}

/// Why the output folder could not be planned or written.
public struct OutputError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
