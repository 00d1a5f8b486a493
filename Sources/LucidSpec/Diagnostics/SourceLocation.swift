import LucidSupport

/// A position in a spec file (or any document lucid-gen reads): LucidSupport's, so that the located trees of JSON
/// and YAML documents carry the same locations as the diagnostics about them.
public typealias SourceLocation = LucidSupport.SourceLocation
