/// What writing a set of generated files would change in an output folder.
public struct OutputPlan: Sendable, Equatable {
    /// Files that are new or whose bytes differ.
    public var writes: [GeneratedFile]
    /// Paths whose current bytes are already right.
    public var unchanged: [String]
    /// Files an earlier run recorded in the folder's manifest that are no longer generated (and still carry
    /// the generated header).
    public var deletions: [String]
    /// The manifest's new text, when it must be written (it records the files this run generates).
    public var manifest: String?
    /// The manifest's name in the folder (`.movies.lucid.yaml.lucid-gen-files`).
    public var manifestName = ""
    /// Paths holding something that is not this spec's generated file: a plan with any is never applied.
    public var clashes: [FileClash] = []
    /// Whether the legacy manifest (`.lucid-gen-files`) goes: it records no file of another spec any more.
    public var removesLegacyManifest = false

    public init(writes: [GeneratedFile], unchanged: [String], deletions: [String], manifest: String? = nil) {
        self.writes = writes
        self.unchanged = unchanged
        self.deletions = deletions
        self.manifest = manifest
    }

    /// Whether applying the plan would change anything.
    public var isEmpty: Bool { writes.isEmpty && deletions.isEmpty && manifest == nil && !removesLegacyManifest }

    /// Every path the plan changes, sorted.
    public var changedPaths: [String] { (changedFiles + changedManifests).sorted() }

    /// The generated files the plan writes or deletes, sorted: what `generate --check` lists and counts, as
    /// `generate`'s summary counts them.
    public var changedFiles: [String] { (writes.map(\.path) + deletions).sorted() }

    /// The manifests the plan writes or deletes: the folder's record of what was generated.
    public var changedManifests: [String] {
        (manifest == nil ? [] : [manifestName]) + (removesLegacyManifest ? [OutputManifest.legacyFileName] : [])
    }
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
