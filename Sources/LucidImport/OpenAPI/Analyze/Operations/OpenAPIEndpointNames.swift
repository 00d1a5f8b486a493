import LucidSpec
import LucidSupport

/// An endpoint's name from its `operationId`, without a leading verb that the generated method says already: a GET
/// endpoint's method is `fetch<Endpoint>`, so `getPetById` becomes `petById` (`fetchPetById`, not
/// `fetchGetPetById`), and `get-an-album` becomes `album` (`fetchAlbum`).
extension OperationTranslator {
    /// The words a GET operation's `operationId` may start with that `fetch` says already: `findPetsByStatus` (the
    /// Swagger Petstore's), `listIncidents` (PagerDuty's), `retrieveLetter` (Stripe's and Lob's) are fetched
    /// (`fetchPetsByStatus`, `fetchIncidents`, `fetchLetter`), as a name written by hand would say. `search` says
    /// more than a fetch and stays.
    static let fetchVerbs = ["get", "fetch", "list", "find", "retrieve", "read", "show"]

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

    /// The loose keys (`loose(rest)`) of the GET operations' names without their verb that a `list` operation and
    /// another GET operation both have: SendGrid's `ListSingleSend` and `GetSingleSend`, Okta's `listJwk` and
    /// `getJwk`. The list takes the plural (`singleSends`), the one item the name (`singleSend`).
    func listedAndFetched() -> Set<String> {
        var listed: Set<String> = []
        var fetched: Set<String> = []
        for pathMember in root["paths"]?.members ?? [] {
            guard let item = resolved(pathMember.value), let written = item["get"], let operation = resolved(written),
                let id = operation["operationId"]?.string, let split = Self.fetchVerb(of: id, method: "get")
            else { continue }
            if split.verb == "list" {
                listed.insert(Self.loose(split.rest))
            } else {
                fetched.insert(Self.loose(split.rest))
            }
        }
        return listed.intersection(fetched)
    }

    /// A name compared loosely: lowercased, without `_`, `-`, `.` and spaces (`SingleSend` = `single_send`).
    static func loose(_ name: String) -> String {
        String(name.lowercased().filter { !"_-. ".contains($0) })
    }

    /// `operationId` without its leading word of `fetchVerbs` when `method` is `get` and the rest is a name that
    /// starts with a letter: `getPetById`, `get_pet`, `get-an-album`, `GetPets`, `listItems` → `petById`, `pet`,
    /// `an-album`, `pets`, `items`; `getaway`, `get`, `get_2fa`, `listing` stay whole. Nil when nothing is dropped.
    static func withoutFetchVerb(_ operationId: String, method: String) -> String? {
        fetchVerb(of: operationId, method: method)?.rest
    }

    /// The verb of `fetchVerbs` a GET `operationId` starts with, and the rest (`withoutFetchVerb`).
    static func fetchVerb(of operationId: String, method: String) -> (verb: String, rest: String)? {
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
                return (verb, first.properties.lowercaseMapping + rest.dropFirst())
            }
            return (verb, String(rest))
        }
        return nil
    }

    /// Words whose plural is not made with `s` here, or that have none (`data`, `metadata`, `info`).
    static let uncountable: Set<String> = [
        "data", "metadata", "info", "information", "media", "feedback", "content", "auth", "health", "software",
        "firmware", "hardware", "equipment", "usage", "traffic", "billing", "staff", "sheep", "fish", "series",
        "species", "people", "children", "men", "women",
    ]

    /// `name` with its last word made plural, by English's regular rules (`SingleSend` → `SingleSends`, `Jwk` →
    /// `Jwks`, `policy` → `policies`, `box` → `boxes`, `APIKey` → `APIKeys`); nil when that is not safe: the word
    /// ends in `s` already (`items`, `status`), is uncountable (`data`), or is no word of letters.
    static func plural(_ name: String) -> String? {
        guard let last = words(name).last, last.count > 1, name.hasSuffix(last),
            last.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        let lowered = last.lowercased()
        guard !lowered.hasSuffix("s"), !uncountable.contains(lowered) else { return nil }
        let stem = name.dropLast(last.count)
        let upper = last.last!.isUppercase && last.count > 1 && last.allSatisfy(\.isUppercase)
        if upper { return stem + last + "s" }  // an acronym: `URLs`, `IPs`
        if ["x", "z", "ch", "sh"].contains(where: { lowered.hasSuffix($0) }) { return stem + last + "es" }
        if lowered.hasSuffix("y"), let before = lowered.dropLast().last, !"aeiou".contains(before) {
            return stem + last.dropLast() + "ies"
        }
        return stem + last + "s"
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
    ///
    /// A `list` operation whose name another GET operation has without its verb (`ListSingleSend` beside
    /// `GetSingleSend`) takes the plural (`singleSends`: `fetchSingleSends()`), so that the one item takes the name
    /// (`fetchSingleSend(id:)`); when the plural is taken or cannot be made, the whole `operationId`
    /// (`fetchListSingleSend()`), never the name the item would lack.
    func endpointText(
        _ operationId: String, method: String, service: Int, otherIds: Set<String>, paired: Set<String>,
        clashes: (String) -> Bool
    ) -> String {
        guard let (verb, rest) = Self.fetchVerb(of: operationId, method: method) else { return operationId }
        let names = endpointNames[service]
        var candidates = [Self.withoutArticle(rest), rest].compactMap { $0 }
        if verb == "list", paired.contains(Self.loose(rest)) { candidates = [Self.plural(rest)].compactMap { $0 } }
        for candidate in candidates {
            let name = SpecNameText.sanitized(candidate, prefix: "n")
            let swiftName = naming.memberName(name)
            if !otherIds.contains(swiftName) && !names.isTaken(ignoringCase: swiftName) && !clashes(name) {
                return candidate
            }
        }
        return operationId
    }

    /// `text` made to fit `room` (the Swift name's length) by dropping the words it repeats of its service's name
    /// first: in service `EventOrchestrations`, `postOrchestrationIntegration` becomes `postIntegration` rather than
    /// `postOrchestration` (which `OpenAPINames.take`, cutting the last words, makes, and which its sibling
    /// `postOrchestration` has: `postOrchestration_2`). A word that is the service's, singular or plural, goes, from
    /// the left, until the name fits; the last word stays. `text` as it is when it fits, or when no such word helps.
    func fitted(_ text: String, room: Int, service: String) -> String {
        func length(_ candidate: String) -> Int {
            naming.memberName(SpecNameText.sanitized(candidate, prefix: "n")).count
        }
        guard length(text) > room else { return text }
        let serviceWords = Set(Self.words(service).map(Self.singular))
        var words = Self.words(text)
        var index = 0
        while index < words.count - 1, length(Self.joined(words)) > room {
            if serviceWords.contains(Self.singular(words[index])) {
                words.remove(at: index)
            } else {
                index += 1
            }
        }
        let result = Self.joined(words)
        return length(result) <= room ? result : text
    }

    /// The words of a name: split at `_`, `-`, `.`, spaces and capital letters that begin a word (`getURLsFor` →
    /// `get`, `URLs`, `For`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if "_-. ".contains(character) {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
            // An acronym's plural `s` is the acronym's (`URLsFor`), not the start of a word `Ls`.
            let pluralOfAcronym = next == "s" && afterNext?.isLowercase != true
            let startsWord =
                character.isUppercase
                && (previous?.isLowercase == true
                    || (previous?.isUppercase == true && next?.isLowercase == true && !pluralOfAcronym))
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `words` as one lower camel-case name (`["post", "Integration"]` → `postIntegration`); a first word that is
    /// an acronym keeps its capitals (`["URLs", "For"]` → `URLsFor`), as `SwiftNaming` makes it a member name.
    static func joined(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        let acronym = first.prefix(2).count == 2 && first.prefix(2).allSatisfy(\.isUppercase)
        let head = acronym ? first : first.prefix(1).lowercased() + first.dropFirst()
        return head + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A word lowercased, without a plural's `s` (`Orchestrations` → `orchestration`; `Status`, `Address` keep it).
    private static func singular(_ word: String) -> String {
        let lowered = word.lowercased()
        guard lowered.count > 3, lowered.hasSuffix("s"), !lowered.hasSuffix("ss"), !lowered.hasSuffix("us") else {
            return lowered
        }
        return String(lowered.dropLast())
    }
}
