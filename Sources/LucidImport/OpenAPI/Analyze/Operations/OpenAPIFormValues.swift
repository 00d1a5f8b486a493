import Foundation
import LucidSpec
import LucidSupport

/// Stripe's "emptyable" form values: `anyOf: [X, {type: string, enum: [""]}]`, a value or `""` to clear it. A form
/// cannot send a union, so the body that holds one went raw (half of Stripe's POST bodies); read as X, nullable,
/// the body is a form, and only the clearing value cannot be sent.
extension OperationTranslator {
    /// Whether `schema` is the clearing value: a string whose only value is `""`.
    private func isClearingValue(_ schema: LocatedValue) -> Bool {
        guard schemas.typeNamesOf(schema).isSubset(of: ["string"]) else { return false }
        if let values = schema["enum"]?.items { return values.count == 1 && values[0].string == "" }
        return schema["const"]?.string == ""
    }

    /// `schema` (written in place; a `$ref` is left as it is) with each `anyOf`/`oneOf` member that is the clearing
    /// value taken out, its properties, items and members alike: a choice of one value left is that value, with the
    /// choice's other keys (`description`) and `nullable: true`; of several, the choice of them, nullable. Each is
    /// warned, once for the document with its count.
    func withoutClearingValues(_ schema: LocatedValue) -> LocatedValue {
        guard var members = schema.members else { return schema }
        for kind in ["anyOf", "oneOf"] {
            guard let index = members.firstIndex(where: { $0.key == kind }), let parts = members[index].value.items
            else { continue }
            let kept = parts.filter { !isClearingValue($0) }
            guard kept.count < parts.count, !kept.isEmpty else { continue }
            let location = members[index].keyLocation
            report(
                .approximated(
                    "a form value that may be \"\" instead (Stripe's way to clear it) is read as its other type,"
                        + " nullable: the clearing value \"\" cannot be sent", at: location),
                group: "form-clearing-value")
            let nullable = LocatedValue.Member(
                key: "nullable", keyLocation: location, value: LocatedValue(.bool(true), at: location))
            guard kept.count == 1, let value = kept[0].members else {
                members[index].value = LocatedValue(.array(kept), at: members[index].value.location)
                members.removeAll { $0.key == "nullable" }
                members.append(nullable)
                continue
            }
            // The value's own keys, then the choice's others (its description), nullable.
            var merged = value.filter { $0.key != "nullable" }
            for other in members where other.key != kind && other.key != "nullable" {
                if !merged.contains(where: { $0.key == other.key }) { merged.append(other) }
            }
            return withoutClearingValues(.object(merged + [nullable], at: kept[0].location))
        }
        for index in members.indices {
            let value = members[index].value
            switch members[index].key {
            case "properties":
                guard let properties = value.members else { continue }
                let rewritten = properties.map { property in
                    LocatedValue.Member(
                        key: property.key, keyLocation: property.keyLocation,
                        value: withoutClearingValues(property.value))
                }
                members[index].value = .object(rewritten, at: value.location)
            case "items", "additionalProperties":
                members[index].value = withoutClearingValues(value)
            case "allOf", "anyOf", "oneOf":
                guard let parts = value.items else { continue }
                members[index].value = LocatedValue(.array(parts.map(withoutClearingValues)), at: value.location)
            default:
                continue
            }
        }
        return .object(members, at: schema.location)
    }

    /// Whether a request body says nothing: every media type without a schema, or with an object schema of no
    /// properties (Stripe gives each of its 197 GETs an empty form body).
    func isEmptyBody(_ body: LocatedValue) -> Bool {
        guard let medias = body["content"].flatMap(resolved)?.members else { return true }
        return medias.allSatisfy { media in
            guard let schema = resolved(media.value).map({ $0["schema"] }) else { return true }
            guard let schema, let target = resolved(schema) else { return schema == nil }
            let said: Set<String> = ["$ref", "allOf", "anyOf", "oneOf", "items", "enum", "const"]
            return (target.members ?? []).allSatisfy { !said.contains($0.key) }
                && schemas.typeNamesOf(target).isSubset(of: ["object"])
                && target["properties"]?.members?.isEmpty != false
                && (target["additionalProperties"] == nil || target["additionalProperties"]?.bool == false)
        }
    }
}
