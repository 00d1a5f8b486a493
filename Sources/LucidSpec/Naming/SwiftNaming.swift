/// Converts spec names (snake_case or camelCase) to Swift names, once, for validation and generation alike.
public struct SwiftNaming: Sendable {
    /// Words kept as written (`ID`, `URL`), matched case-insensitively: keyed by the word in lower case.
    private let lexicon: [String: String]
    /// The `lengthBit`s of the lexicon's keys, so that words no key is as long as are not looked up.
    private let lexiconLengths: UInt64
    /// How many bytes longer a lexicon word's spelling may be than its key (0 unless lowering changes a non-ASCII
    /// word's length), so the converted name's buffer is large enough.
    private let lexiconGrowth: Int

    /// A spec's naming: its `lexicon`, and its `module` name as one more word, so `module: GitHub` makes a
    /// service `github` `GitHubService` and a subtype `github_user` `GitHubUser`, spelled like `GitHubServers`.
    public init(lexicon: [String], module: String) {
        self.init(lexicon: SwiftNaming.isValidName(module) && !module.contains("_") ? [module] + lexicon : lexicon)
    }

    /// A naming that keeps the `lexicon` words as written, and their plurals with a lower-case `s` (`IDs`, `URLs`:
    /// `media_ids` → `mediaIDs`) unless the lexicon spells the plural itself.
    public init(lexicon: [String]) {
        var words: [String: String] = [:]
        for word in lexicon where !word.isEmpty { words[word.lowercased() + "s"] = word + "s" }
        for word in lexicon { words[word.lowercased()] = word }
        self.lexicon = words
        lexiconLengths = words.keys.reduce(0) { $0 | Self.lengthBit($1.utf8.count) }
        lexiconGrowth = words.reduce(0) { max($0, $1.value.utf8.count - $1.key.utf8.count) }
    }

    /// `movie_id` → `MovieID` (with `ID` in the lexicon).
    public func typeName(_ name: String) -> String { convert(name, lowerFirstWord: false) }

    /// `movie_id` → `movieID`, `url_path` → `urlPath`.
    public func memberName(_ name: String) -> String { convert(name, lowerFirstWord: true) }

    /// The member name, in backticks when it is a Swift keyword.
    public func escapedMemberName(_ name: String) -> String { Self.escaped(memberName(name)) }

    /// A Swift identifier in backticks when it is a keyword (`` `default` ``), so it can be declared and used.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Whether `name` is a usable spec name: letters and digits, separated by single underscores,
    /// starting with a letter.
    public static func isValidName(_ name: String) -> Bool { isValidName(utf8: name.utf8) }

    /// `isValidName` of a name's UTF-8 bytes.
    static func isValidName(utf8 name: some Collection<UInt8>) -> Bool {
        var previousWasUnderscore = true  // so a leading underscore is rejected
        for (index, byte) in name.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                previousWasUnderscore = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if index == 0 { return false }
                previousWasUnderscore = false
            case UInt8(ascii: "_"):
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
            default:
                return false
            }
        }
        return !name.isEmpty && !previousWasUnderscore
    }

    /// Joins the underscore-separated words: lexicon words as the lexicon spells them, others with their first
    /// letter raised; camelCase humps inside a word are kept. Generation calls it for every name of large specs
    /// (several times per endpoint), so it reads the name's UTF-8 bytes in place and writes the result straight
    /// into the new string: no array per word, and a lexicon lookup only for words of a lexicon word's length.
    private func convert(_ name: String, lowerFirstWord: Bool) -> String {
        // SCREAMING_CASE (`FIRST_TIMER`, a wire value) is words in capitals, not acronyms: `firstTimer`.
        if Self.isScreamingCase(name) { return convert(Self.lowercased(name), lowerFirstWord: lowerFirstWord) }
        let converted =
            name.utf8.withContiguousStorageIfAvailable { convert($0, lowerFirstWord: lowerFirstWord) }
            ?? Array(name.utf8).withUnsafeBufferPointer { convert($0, lowerFirstWord: lowerFirstWord) }
        return converted.isEmpty ? name : converted
    }

    /// `convert` on the bytes of a name; empty when the name has no word (only underscores).
    private func convert(_ name: UnsafeBufferPointer<UInt8>, lowerFirstWord: Bool) -> String {
        let wordCount = lexiconGrowth == 0 ? 0 : name.count { $0 == UInt8(ascii: "_") } + 1
        return String(unsafeUninitializedCapacity: name.count + wordCount * lexiconGrowth) { output in
            var count = 0
            var isFirst = true
            Self.forEachWord(of: name) { word in
                defer { isFirst = false }
                let kept = keptSpelling(of: word)
                if isFirst, lowerFirstWord {
                    // A lexicon word is lowered whole (`URL` → `url`), others only in their leading capitals.
                    let lowered = kept != nil ? word.count : Self.leadingCapitalsToLower(word)
                    for (offset, byte) in word.enumerated() {
                        output[count + offset] = offset < lowered ? Self.lowercased(byte) : byte
                    }
                    count += word.count
                } else if let kept {
                    for byte in kept.utf8 {
                        output[count] = byte
                        count += 1
                    }
                } else {
                    for (offset, byte) in word.enumerated() {
                        output[count + offset] = offset == 0 ? Self.uppercased(byte) : byte
                    }
                    count += word.count
                }
            }
            return count
        }
    }

    /// Calls `body` with each underscore-separated word of `name`, empty words left out.
    private static func forEachWord(
        of name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var start = 0
        for index in 0...name.count where index == name.count || name[index] == UInt8(ascii: "_") {
            if index > start { body(UnsafeBufferPointer(rebasing: name[start..<index])) }
            start = index + 1
        }
    }

    /// How the lexicon spells `word` (matched case-insensitively), or nil. Words of a length no lexicon key has
    /// are not looked up at all, which spares most words hashing.
    private func keptSpelling(of word: UnsafeBufferPointer<UInt8>) -> String? {
        guard lexiconLengths & Self.lengthBit(word.count) != 0 else { return nil }
        let key = String(unsafeUninitializedCapacity: word.count) { key in
            for (offset, byte) in word.enumerated() { key[offset] = Self.lowercased(byte) }
            return word.count
        }
        return lexicon[key]
    }

    /// A bit for a word's UTF-8 length; lengths from 63 on share bit 63.
    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// How many of `word`'s first bytes `memberName` lowers: `Movie` → 1 (`movie`), `URLPath` → 3 (`urlPath`),
    /// `ID` → 2 (`id`): a leading acronym is lowered as a whole, except the capital that starts the next word.
    private static func leadingCapitalsToLower(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        let capitals = word.prefix { $0 >= 65 && $0 <= 90 }.count
        return capitals == word.count || capitals <= 1 ? max(capitals, 1) : capitals - 1
    }

    /// Several words, all in capitals: `FIRST_TIMER`, `HTTP_STATUS_CODE` (not `ID`, `poster_URL`, `movieID`). At
    /// least one capital, so that lowering the name changes it: `convert` would otherwise call itself forever on
    /// a name with no letter at all, such as `_]` (found by fuzzing: a stack overflow).
    private static func isScreamingCase(_ name: String) -> Bool {
        var hasUnderscore = false
        var hasCapital = false
        for byte in name.utf8 {
            if byte >= 97 && byte <= 122 { return false }
            if byte >= 65 && byte <= 90 { hasCapital = true }
            if byte == UInt8(ascii: "_") { hasUnderscore = true }
        }
        return hasUnderscore && hasCapital
    }

    private static func lowercased(_ name: String) -> String {
        String(decoding: name.utf8.map(lowercased), as: UTF8.self)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= 97 && byte <= 122 ? byte - 32 : byte
    }

    /// Swift keywords that need backticks as member names.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "Any", "Type", "Protocol", "await", "async", "consume", "copy", "discard", "each",
        "borrowing", "consuming", "package", "some", "any",
    ]

    /// Type names a spec type may not take: a generated declaration of the same name would shadow the type the
    /// generated code means. Tests hold each list to its source: `runtimeTypeNames` to LucidRuntime's public
    /// types, the union to every type name the golden outputs refer to.
    public static let reservedTypeNames: Set<String> =
        standardTypeNames.union(runtimeTypeNames).union(nestedTypeNames).union(moduleNames)

    /// Swift, Foundation and Swift Testing types that generated code (and its example tests) names, and the few
    /// a spec could not take without confusing every reader (`Any`, `Type`, `Optional`).
    public static let standardTypeNames: Set<String> = [
        "Any", "Self", "Type", "Protocol", "String", "Int", "Int64", "Double", "Float", "Bool", "Decimal", "Date",
        "URL", "UUID", "Data", "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void",
        "Codable", "Decodable", "Encodable", "Hashable", "Hasher", "Sendable", "Equatable", "Identifiable",
        "CaseIterable", "RawRepresentable", "CodingKey", "KeyedDecodingContainer", "Decoder", "Encoder", "JSONDecoder",
        "JSONEncoder",
        "DecodingError", "TimeInterval", "Character", "Duration", "Actor", "Suite", "Test",
    ]

    /// LucidRuntime's public types, which generated code names unqualified.
    public static let runtimeTypeNames: Set<String> = [
        "APIClient", "APIClientQueue", "APIClientQueueError", "APIError", "AcceptedAuth", "Accessible", "AllOfAuth",
        "AnyCodingKey", "AnyOfAuth", "AuthScheme",
        "AuthenticatedAccessor", "BackendResource", "BodyEncoding", "CredentialPlacement", "CredentialProvider",
        "DateCodingFormat", "DecimalPath", "DecodableWithMetadata", "DecodedStream", "DecodingIssue",
        "DecodingIssueReporter", "DurationUnit",
        "EmptyResponse",
        "DownloadResource", "DownloadedFile", "TransferProgress",
        "EntityWithMetadata", "EqualityIgnored", "ExactDecimalValue", "FileUpload", "FormListStyle", "FormURLEncoder",
        "HTTPExchange",
        "HTTPBodyBytes", "HTTPBodyChunks", "HTTPBodySource", "HTTPStreamResponse",
        "HTTPHeaders", "HTTPMethod", "HTTPRequest", "HTTPResponse", "HTTPTransport", "Identifier", "Indirect",
        "ItemSequence", "PageSequence", "Paging", "PagingError",
        "JSONBodyEncoder", "JSONExclusion", "JSONOptionSet", "JSONSequenceFormat", "JSONSequenceItemTruncated",
        "JSONSequenceItems", "JSONSequenceParser", "JSONValue",
        "Links",
        "Lazy",
        "LucidRuntime", "LucidRuntimeFit", "MultipartFormEncoder", "NoAuth", "ParameterList", "ParameterValue", "Patch",
        "QueryItem",
        "QueryListStyle", "QueryMapStyle", "QueueEntry", "QueueIssue", "QueueOptions", "QueuedRequest", "RGBAColor",
        "Redaction",
        "RequestDeduplicator", "ResourcePath", "ResourceSending", "ResponseCache", "ResponseHeaderValue",
        "ResponsePayload", "ResponseStream",
        "ResponseTooLarge", "ServerEnvironments", "ServerName", "ServerSentEvent", "ServerSentEventParser",
        "ServerSentEvents", "ServerVariableError", "ServerVariables", "StreamItemTooLarge", "TransportError",
        "StreamFormat", "StreamItem", "StreamReading", "StreamResource", "StreamedBody", "StreamedBodyError",
        "EntityBatch", "EntityContaining", "EntityObservation", "EntityStore", "StorableEntity", "StoreChange",
        "StoreLoad", "StoreValue", "StoreReadPolicy", "StoredRead", "StoreQuery", "Fetched",
        "ValueCoding", "ValueEncoding", "DateCoding", "DateListCoding", "DurationCoding", "DurationListCoding",
        "FailableArrayCoding", "FailableDictionaryCoding", "LazyCoding",
        "URLEncoding", "UnionCaseAttempts",
    ]

    /// Types the generated types declare inside themselves (an entity's `ID`, a struct's `CodingKeys`): a spec type
    /// of that name could not be named from within them.
    public static let nestedTypeNames: Set<String> = ["ID", "CodingKeys", "EnvironmentKey"]

    /// Modules generated code imports: a type of a module's name hides the module from qualified names.
    public static let moduleNames: Set<String> = [
        "Swift", "Foundation", "FoundationNetworking", "LucidRuntime", "Testing", "SwiftUI",
    ]

    /// `movie` → `movies`, `category` → `categories`, `box` → `boxes`, `salesPerson` → `salesPeople`: enough
    /// English for member names. Only the last word of a camelCase name changes.
    public static func plural(_ name: String) -> String {
        let wordStart = name.lastIndex(where: \.isUppercase) ?? name.startIndex
        let word = name[wordStart...].lowercased()
        if let irregular = irregularPlurals[word] {
            let first = name[wordStart].isUppercase ? irregular.prefix(1).uppercased() : String(irregular.prefix(1))
            return name[..<wordStart] + first + irregular.dropFirst()
        }
        if name.last?.isUppercase == true { return name + "s" }  // an acronym: `movieIDs`
        if name.hasSuffix("y"), let before = name.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: name.hasSuffix) { return name + "es" }
        return name + "s"
    }

    /// Words whose plural is not made with `s`, and words that are their own plural.
    private static let irregularPlurals: [String: String] = [
        "person": "people", "child": "children", "man": "men", "woman": "women",
        "series": "series", "species": "species", "news": "news", "data": "data", "metadata": "metadata",
        "info": "info", "information": "information", "media": "media", "people": "people",
    ]
}
