import LucidSpec

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

    init(naming: SwiftNaming, asType: Bool, reserved: Set<String> = []) {
        self.naming = naming
        self.asType = asType
        taken = reserved
    }

    /// The Swift name the spec name becomes in this scope.
    func swiftName(_ name: String) -> String { asType ? naming.typeName(name) : naming.memberName(name) }

    /// The longest Swift name a made name may have: lucid-gen allows 64 characters for a Swift name, and generated
    /// names add to it (`<Service><Endpoint>Response`, `fetch<Endpoint>`).
    static let maxSwiftLength = 48

    /// A valid name for `text`, distinct from every name taken so far, and taken. A name whose Swift name would be
    /// longer than `maxSwiftLength` is cut (at a word when it can be).
    mutating func take(_ text: String, avoiding: (String) -> Bool = { _ in false }) -> String {
        var base = SpecNameText.sanitized(text, prefix: "n")
        while swiftName(base).count > Self.maxSwiftLength {
            let words = base.split(separator: "_")
            base = words.count > 1 ? words.dropLast().joined(separator: "_") : String(base.prefix(Self.maxSwiftLength))
        }
        if avoiding(swiftName(base)) || avoiding(base) { base += "_model" }
        var name = base
        var counter = 2
        while taken.contains(swiftName(name)) {
            name = "\(base)_\(counter)"
            counter += 1
        }
        if name != base, renames.values.contains(where: { swiftName($0) == swiftName(base) }) {
            displaced.insert(base)
        }
        taken.insert(swiftName(name))
        if let new = renames[name], taken.contains(swiftName(new)) {
            blocked.insert(name)
        } else if let new = renames[name] {
            renamed.insert(name)
            taken.insert(swiftName(new))
            return new
        }
        return name
    }
}
