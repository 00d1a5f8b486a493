import LucidSpec

/// The spec's `module`, from the document's `info.title`.
enum ModuleName {
    /// The longest module name made.
    static let maxLength = 40

    /// Words a title may start with that name nothing: `The Plaid API` is Plaid's.
    static let articles: Set<String> = ["the", "a", "an"]

    /// Words a title may end with that say what every document is: `Discourse API Documentation` is Discourse's,
    /// `Figma API` Figma's.
    static let filler: Set<String> = ["api", "apis", "documentation", "docs", "reference", "specification", "spec"]

    /// Words that join others, dropped from a title too long to keep whole.
    static let connectives: Set<String> = [
        "a", "an", "the", "and", "or", "of", "for", "with", "from", "to", "in", "on", "by", "at", "via",
    ]

    /// The title's words capitalized and joined (`Swagger Petstore` → `SwaggerPetstore`), without a leading article,
    /// a trailing parenthesized remark (`(Preview)`) or trailing filler words (`API`, `Documentation`): `The Plaid
    /// API` → `Plaid`, `Discord HTTP API (Preview)` → `DiscordHTTP`. A name longer than 40 characters loses its
    /// joining words (`and`, `with`, `from`…) first; when it is still too long, it keeps its distinguishing tail, the last words (up to 16 characters), and as many of its first words as fit before it,
    /// dropping the words between: `Twilio SendGrid Marketing Campaigns Single Sends API` →
    /// `TwilioSendGridMarketingSingleSends`, not `TwilioSendGridMarketingCampaignsSingle`, which its siblings' titles
    /// would cut to as well. `API` when nothing is left or the name is reserved.
    static func of(title: String) -> String {
        var text = Substring(title.trimmingCharacters(in: .whitespaces))
        // A trailing remark in parentheses: `(Preview)`, `(beta)`.
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("), open != text.startIndex {
            text = text[..<open]
        }
        var words = text.unicodeScalars.split {
            !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }.map { String($0) }
        while words.count > 1, articles.contains(words[0].lowercased()) { words.removeFirst() }
        while words.count > 1, filler.contains(words[words.count - 1].lowercased()) { words.removeLast() }
        var capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        // A module name starts with a letter.
        while let first = capitalized.first, first.first?.isNumber == true {
            let rest = String(first.drop { $0.isNumber })
            if rest.isEmpty { capitalized.removeFirst() } else { capitalized[0] = rest }
        }
        var module = capitalized.joined()
        if module.count > maxLength {
            // Words that only join others go first: `…API with fixes and improvements from sonallux` →
            // `…APIFixesImprovementsSonallux`.
            let joining = capitalized.enumerated().filter { index, word in
                index > 0 && connectives.contains(word.lowercased())
            }.map(\.offset)
            let kept = capitalized.enumerated().filter { !joining.contains($0.offset) }.map(\.element)
            module = kept.joined().count <= maxLength ? kept.joined() : shortened(kept)
        }
        if module.isEmpty || SwiftNaming.reservedTypeNames.contains(module) { module = "API" }
        return module
    }

    /// `words` joined within `maxLength`: the last words (at least one, up to 16 characters), after as many of the
    /// first words as fit; the first word cut when even it does not.
    private static func shortened(_ words: [String]) -> String {
        var tail = [words[words.count - 1]]
        for word in words.dropLast().reversed() {
            guard tail.count < words.count - 1, (word + tail.joined()).count <= 16 else { break }
            tail.insert(word, at: 0)
        }
        let tailText = tail.joined()
        var head = ""
        for word in words.dropLast(tail.count) {
            guard head.count + word.count + tailText.count <= maxLength else { break }
            head += word
        }
        guard !head.isEmpty, head.count + tailText.count <= maxLength else {
            return String(words.joined().prefix(maxLength))
        }
        return head + tailText
    }
}
