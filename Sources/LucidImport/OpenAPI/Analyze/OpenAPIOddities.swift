import Foundation
import LucidSpec
import LucidSupport

/// Shapes real documents hold that a spec cannot say at all, each left out with a warning rather than written into
/// a spec that lint would refuse.
extension SchemaTranslator {
    /// Whether a property's name can be a JSON key of the spec: an empty name cannot (a spec's key is a path of
    /// non-empty keys). A property that cannot is warned about, once with its count, and left out.
    func hasUsableName(_ property: LocatedValue.Member) -> Bool {
        guard property.key.isEmpty else { return true }
        report(
            .leftOut(
                "a property with an empty name has no equivalent in the spec (a key is never empty); it is left out",
                at: property.keyLocation), group: "empty-property-name")
        return false
    }
}

extension OperationTranslator {
    /// A path key's path, the query items it fixes (`/responses?beta=true`: `beta` = `true`, percent-decoded) and
    /// its fragment (`/files/{id}#get_shared_link`), which OpenAPI does not allow but real documents write (OpenAI's,
    /// Box's, Mistral's) to tell operations on one path apart.
    static func pathParts(_ key: String) -> (path: String, query: [(name: String, value: String)], fragment: String?) {
        var path = Substring(key)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = path[..<hash]
        }
        var query: [(name: String, value: String)] = []
        if let question = path.firstIndex(of: "?") {
            for pair in path[path.index(after: question)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
                let name = decode(parts[0])
                guard !name.isEmpty, !query.contains(where: { $0.name == name }) else { continue }
                query.append((name, parts.count > 1 ? decode(parts[1]) : ""))
            }
            path = path[..<question]
        }
        return (String(path), query, fragment)
    }

    /// Why a path (without its query and fragment: `pathParts`) cannot be a spec's path (`/a/{id}/{id}`, `/a/{b`,
    /// `/a/{}`), or nil when it can. A path without its leading `/` can: it gets one.
    static func pathProblem(_ path: String) -> String? {
        var names: [String] = []
        var current: String?
        for character in path {
            switch character {
            case "{":
                guard current == nil else { return "its braces are nested" }
                current = ""
            case "}":
                guard let name = current, !name.isEmpty else { return "its braces are unbalanced or empty" }
                guard !names.contains(name) else { return "it names '{\(name)}' twice" }
                names.append(name)
                current = nil
            default:
                current?.append(character)
            }
        }
        return current == nil ? nil : "its braces are unbalanced or empty"
    }
}
