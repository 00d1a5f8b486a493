import LucidSpec

/// Code generation: resolved `Spec` → view models → templates → generated Swift files.
///
/// The generator itself arrives with the code-generation issue; this module already fixes its place in the
/// pipeline (it depends on `LucidSpec` only, and nothing depends on it but the command line).
public enum LucidCodeGen {
    /// The format version of the specs this generator reads.
    public static let supportedSpecVersion = 1
}
