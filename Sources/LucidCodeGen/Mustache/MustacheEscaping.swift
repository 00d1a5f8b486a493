/// How variable tags (`{{x}}`) escape the text they interpolate.
///
/// `{{{x}}}` and `{{& x}}` never escape.
public enum MustacheEscaping: Sendable {
    /// Interpolate text unchanged: the default, since the generator emits Swift source, not HTML.
    case none
    /// Escape `&`, `<`, `>` and `"` as HTML entities, as the Mustache spec expects of `{{x}}`.
    case html
}
