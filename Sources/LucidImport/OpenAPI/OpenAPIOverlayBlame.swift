import Foundation
import LucidSpec
import LucidSupport

/// Puts the converted spec's diagnostics about a line the overlay wrote (a misspelt key such as `cahce:`, a `cache`
/// on a POST) at that line of the overlay: the user fixes the overlay, and the converted spec is not written when
/// it has an error, so a location in it points at a file that does not hold that line.
struct OpenAPIOverlayBlame {
    /// The overlay's path, as the user named it.
    let overlay: String
    /// The overlay's lines.
    let overlayLines: [Substring]
    /// The trimmed lines of the spec as the import made it, before the overlay was merged.
    let importedLines: Set<String>

    init?(overlay: String, imported: String) {
        guard let text = try? String(contentsOfFile: overlay, encoding: .utf8) else { return nil }
        self.overlay = overlay
        overlayLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        importedLines = Set(imported.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The top-level keys of an overlay that are no spec keys: a misspelling of one is an unknown spec key.
    static let overlayKeys = ["kinds", "rename"]

    /// `diagnostic` located in the overlay when it is about a line of the converted spec (`the converted spec: …
    /// (in 'LINE')`) that the import did not write and that the overlay holds; else `diagnostic` as it is.
    func relocate(_ diagnostic: Diagnostic) -> Diagnostic {
        let prefix = "the converted spec: "
        guard diagnostic.message.hasPrefix(prefix), let quoted = diagnostic.message.range(of: " (in '"),
            diagnostic.message.hasSuffix("')")
        else { return diagnostic }
        let line = String(diagnostic.message[quoted.upperBound...].dropLast(2))
        guard !importedLines.contains(line), let key = Self.key(of: line) else { return diagnostic }
        let trimmed = overlayLines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let index = trimmed.firstIndex(of: line) ?? trimmed.firstIndex(where: { Self.key(of: $0) == key })
        else { return diagnostic }
        var moved = diagnostic
        let indent = overlayLines[index].prefix { $0 == " " }.count
        moved.location = SourceLocation(file: overlay, line: index + 1, column: indent + 1)
        moved.message =
            "the overlay makes the spec invalid: "
            + diagnostic.message[
                diagnostic.message.index(diagnostic.message.startIndex, offsetBy: prefix.count)..<quoted.lowerBound]
        if indent == 0, moved.hint == nil, let overlayKey = Suggestions.closest(to: key, in: Self.overlayKeys) {
            moved.hint = "did you mean '\(overlayKey)'?"
        }
        return moved
    }

    /// The key of a block line (`cahce: { ttl: 60 }` → `cahce`), without quotes.
    private static func key(of line: String) -> String? {
        guard let colon = SpecOutline.colon(in: line) else { return nil }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !key.hasPrefix("#"), !key.hasPrefix("-") else { return nil }
        return key.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
}
