import LucidSpec
import LucidSupport

/// Spec names made from OpenAPI names: valid (letters and digits separated by single underscores, starting with a
/// letter) and distinct as Swift names within their scope, deterministically (a clash gets `_2`, `_3`, ...).
struct OpenAPINames {
    private let naming: SwiftNaming
    private let asType: Bool
    private var taken: Set<String> = []
    /// Names an overlay renames (`rename: { types: { Pet: Animal } }`): the name made → the name used instead.
    var renames: [String: String] = [:]
    /// The names of `renames` that were made (the others match nothing in the document).
    private(set) var renamed: Set<String> = []
    /// Names `renames` renames that were kept, their new name being taken already.
    private(set) var blocked: Set<String> = []
    /// Names made that a rename's new name had taken, so that they got a `_2`.
    private(set) var displaced: Set<String> = []
    /// The Swift names taken, lowercased: names that differ only in case clash in files on macOS.
    private var takenLowercased: Set<String> = []

    init(naming: SwiftNaming, asType: Bool, reserved: Set<String> = []) {
        self.naming = naming
        self.asType = asType
        taken = reserved
        takenLowercased = Set(reserved.map { $0.lowercased() })
    }

    /// Takes `swiftNames` (Swift names made elsewhere, such as the auth schemes' `<Scheme>Auth`): a name made here
    /// that would be one of them, whatever the case, gets a number.
    mutating func reserve(_ swiftNames: [String]) {
        taken.formUnion(swiftNames)
        takenLowercased.formUnion(swiftNames.map { $0.lowercased() })
    }

    /// Whether `swiftName` is taken in this scope, ignoring case.
    func isTaken(ignoringCase swiftName: String) -> Bool { takenLowercased.contains(swiftName.lowercased()) }

    /// The Swift name the spec name becomes in this scope.
    func swiftName(_ name: String) -> String { asType ? naming.typeName(name) : naming.memberName(name) }

    /// The longest Swift name a made name may have: lucid-gen allows 64 characters for a Swift name, and generated
    /// names add to it (`<Service><Endpoint>Response`, `fetch<Endpoint>`).
    static let maxSwiftLength = 48

    /// The longest Swift name of a service, and how long a service's and an endpoint's Swift names may be together:
    /// `<Service><Endpoint>ResponseMetadata` and `<Service>BusinessControllerProtocol` must stay within 64.
    static let maxServiceLength = 30
    static let maxServiceAndEndpointLength = 46

    /// A valid name for `text`, distinct from every name taken so far, and taken. A name whose Swift name would be
    /// longer than `limit` (at most `maxSwiftLength`) is cut at a word: a `_`, else a capital letter. A name that
    /// `clashes` says would clash elsewhere gets a number, like a name taken here.
    mutating func take(
        _ text: String, limit: Int = maxSwiftLength, avoiding: (String) -> Bool = { _ in false },
        clashes: (String) -> Bool = { _ in false }
    ) -> String {
        let limit = min(limit, Self.maxSwiftLength)
        var base = SpecNameText.sanitized(text, prefix: "n")
        while swiftName(base).count > limit {
            let shorter = Self.droppingLastWord(base, limit: limit)
            if shorter == base { break }
            base = shorter
        }
        if avoiding(swiftName(base)) || avoiding(base) { base += "_model" }
        var name = base
        var counter = 2
        // Type names clash ignoring case too: `Pet` and `PET` would be one file on macOS.
        while taken.contains(swiftName(name)) || (asType && isTaken(ignoringCase: swiftName(name))) || clashes(name) {
            name = "\(base)_\(counter)"
            counter += 1
        }
        if name != base, renames.values.contains(where: { swiftName($0) == swiftName(base) }) {
            displaced.insert(base)
        }
        taken.insert(swiftName(name))
        takenLowercased.insert(swiftName(name).lowercased())
        if let new = renames[name] {
            let newName = swiftName(new)
            if taken.contains(newName) || (asType && isTaken(ignoringCase: newName)) {
                blocked.insert(name)
            } else {
                renamed.insert(name)
                taken.insert(newName)
                takenLowercased.insert(newName.lowercased())
                return new
            }
        }
        return name
    }

    /// `name` without its last word: after its last `_`, else from its last capital letter (`listIncomingPhone`
    /// → `listIncoming`), else its first `limit` characters.
    private static func droppingLastWord(_ name: String, limit: Int) -> String {
        let words = name.split(separator: "_")
        if words.count > 1 { return words.dropLast().joined(separator: "_") }
        if let capital = name.dropFirst().lastIndex(where: { $0.isUppercase }) { return String(name[..<capital]) }
        return String(name.prefix(max(limit, 1)))
    }
}
