import LucidSpec

/// Code generation: resolved `Spec` → view models → templates → generated Swift files (`Generator`), written by
/// `OutputWriter`. It depends on `LucidSpec` only, and nothing depends on it but the command line.
public enum LucidCodeGen {
    /// The format version of the specs this generator reads: the one `LucidSpec` decodes.
    public static let supportedSpecVersion = Spec.formatVersion
}
