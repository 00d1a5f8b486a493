/// A tag's name: `.` (the top of the context stack) or a dotted name such as `entity.name`.
struct MustacheName: Sendable {
    /// The name as written (trimmed): shown in errors and matched against a section's closing tag.
    let text: String
    /// The dotted parts; empty for `.`.
    let parts: [String]

    /// Nil when `text` is no valid name: empty parts (`a..b`, `.a`, `a.`) or whitespace inside.
    init?(_ text: String) {
        self.text = text
        if text == "." {
            parts = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty }),
            !text.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        else { return nil }
        self.parts = parts.map(String.init)
    }
}
