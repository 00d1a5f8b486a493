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
    /// Why a path key cannot be a spec's path (`/a/{id}/{id}`, `/a/{b`, `/a/{}`, `/items?type=a`), or nil when it
    /// can. A path without its leading `/` can: it gets one.
    static func pathProblem(_ path: String) -> String? {
        if path.contains("?") || path.contains("#") { return "a query or fragment belongs in parameters" }
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
