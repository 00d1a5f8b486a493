import Foundation
import LucidSpec

/// Shapes real documents hold that a spec cannot say at all, each left out with a warning rather than written into
/// a spec that lint would refuse.
extension OpenAPIConverter {
    /// Whether a property's name can be a JSON key of the spec: an empty name cannot (a spec's key is a path of
    /// non-empty keys). A property that cannot is warned about, once with its count, and left out.
    func hasUsableName(_ property: OpenAPINode.Member) -> Bool {
        guard property.key.isEmpty else { return true }
        note(
            "empty-property-name", at: property.keyLocation,
            "a property with an empty name has no equivalent in the spec (a key is never empty); it is left out")
        return false
    }
}
