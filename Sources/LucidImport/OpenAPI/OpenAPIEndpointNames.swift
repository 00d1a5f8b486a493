import LucidSpec

/// An endpoint's name from its `operationId`, without a leading verb that the generated method says already: a GET
/// endpoint's method is `fetch<Endpoint>`, so `getPetById` becomes `petById` (`fetchPetById`, not
/// `fetchGetPetById`).
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

    /// The name an operation's endpoint is made from: its `operationId` without a verb `fetch` says already, when
    /// that is no other operation's name and free in the service; else the whole `operationId`.
    func endpointText(
        _ operationId: String, method: String, service: Int, otherIds: Set<String>, clashes: (String) -> Bool
    ) -> String {
        guard let rest = Self.withoutFetchVerb(operationId, method: method) else { return operationId }
        let name = SpecNameText.sanitized(rest, prefix: "n")
        let swiftName = naming.memberName(name)
        let names = services[service].names
        if otherIds.contains(swiftName) || names.isTaken(ignoringCase: swiftName) || clashes(name) {
            return operationId
        }
        return rest
    }
}
