import LucidSpec

/// An endpoint's name from its `operationId`, without a leading verb that the generated method says already: a GET
/// endpoint's method is `fetch<Endpoint>`, so `getPetById` becomes `petById` (`fetchPetById`, not
/// `fetchGetPetById`), and `get-an-album` becomes `album` (`fetchAlbum`).
extension OpenAPIConverter {
    /// The words a GET operation's `operationId` may start with that `fetch` says already. `retrieve` (Stripe's and
    /// Lob's way) is left: `fetchRetrieveLetter` is odd but says what the document says.
    static let fetchVerbs = ["get", "fetch"]

    /// The Swift names of every `operationId` in the document: a name without its verb must not be another
    /// operation's, wherever that one comes in the document.
    func operationIdNames() -> Set<String> {
        var names: Set<String> = []
        for pathMember in root["paths"]?.members ?? [] {
            guard let item = resolved(pathMember.value) else { continue }
            for method in Self.methods {
                guard let written = item[method], let operation = resolved(written),
                    let id = operation["operationId"]?.string
                else { continue }
                names.insert(naming.memberName(SpecNameText.sanitized(id, prefix: "n")))
            }
        }
        return names
    }

    /// `operationId` without its leading `get` (or `fetch`) word when `method` is `get` and the rest is a name
    /// that starts with a letter: `getPetById`, `get_pet`, `get-an-album`, `GetPets` → `petById`, `pet`, `an-album`,
    /// `pets`; `getaway`, `get`, `get_2fa` stay whole. Nil when nothing is dropped.
    static func withoutFetchVerb(_ operationId: String, method: String) -> String? {
        guard method == "get" else { return nil }
        for verb in fetchVerbs {
            guard operationId.count > verb.count, operationId.lowercased().hasPrefix(verb) else { continue }
            var rest = operationId.dropFirst(verb.count)
            // The verb is a word: a separator or a capital letter follows (`getaway` starts with no verb).
            if let first = rest.first, "_-. ".contains(first) {
                rest = rest.drop { "_-. ".contains($0) }
            } else if rest.first?.isUppercase != true {
                continue
            }
            guard let first = rest.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
                continue
            }
            // `getPetById` → `petById`, as a name written by hand is; `getURLs` stays `URLs`.
            let second = rest.dropFirst().first
            if second == nil || second?.isUppercase == false {
                return first.properties.lowercaseMapping + rest.dropFirst()
            }
            return String(rest)
        }
        return nil
    }

    /// The articles a GET operation's `operationId` may say after its verb (Spotify's `get-an-album`,
    /// `get-the-users-profile`): `fetchAlbum` reads as English already, `fetchAnAlbum` does not.
    static let articles = ["a", "an", "the"]

    /// `rest` (an `operationId` without its verb) without a leading article word: `an-album`, `anAlbum`,
    /// `the_users_profile` → `album`, `album`, `users_profile`. The article is a word: a separator follows it, or a
    /// capital letter that begins a word (`aList` → `list`; `aPI`, `another`, `theme` keep theirs). Nil when nothing is
    /// dropped.
    static func withoutArticle(_ rest: String) -> String? {
        let characters = Array(rest)
        for article in articles where characters.count > article.count + 1 {
            guard String(characters[..<article.count]).lowercased() == article else { continue }
            var tail = characters[article.count...]
            if "_-. ".contains(tail[tail.startIndex]) {
                tail = tail.drop { "_-. ".contains($0) }
                guard let first = tail.first, first.isASCII, first.isLetter else { continue }
                return String(tail)
            }
            let first = tail[tail.startIndex]
            guard first.isASCII, first.isUppercase, tail.count > 1, tail[tail.startIndex + 1].isLowercase else {
                continue
            }
            return first.lowercased() + tail.dropFirst()
        }
        return nil
    }

    /// The name an operation's endpoint is made from: its `operationId` without a verb `fetch` says already (and
    /// without an article after it), when that is no other operation's name and free in the service; else without
    /// the verb alone when that is free; else the whole `operationId`.
    func endpointText(
        _ operationId: String, method: String, service: Int, otherIds: Set<String>, clashes: (String) -> Bool
    ) -> String {
        guard let rest = Self.withoutFetchVerb(operationId, method: method) else { return operationId }
        let names = services[service].names
        let candidates = [Self.withoutArticle(rest), rest].compactMap { $0 }
        for candidate in candidates {
            let name = SpecNameText.sanitized(candidate, prefix: "n")
            let swiftName = naming.memberName(name)
            if !otherIds.contains(swiftName) && !names.isTaken(ignoringCase: swiftName) && !clashes(name) {
                return candidate
            }
        }
        return operationId
    }
}
