import Foundation
import LucidSpec
import LucidSupport

/// Shared page types: several schemas that are one base object plus a list of a different item (Spotify's
/// `PagingTrackObject: allOf: [PagingObject, {properties: {items: [TrackObject]}}]`, sixteen times) become one
/// generic struct, `PagingObject<item>`, and each of them an instance of it (`PagingObject<TrackObject>`).
extension SchemaTranslator {
    /// A generic struct made of a base schema: its type parameter and the list property that holds the items.
    struct PageGeneric {
        var parameter: String
        var listKey: String
        var listRequired: Bool
    }

    /// A schema that is `allOf: [$ref base, {properties: {<list>: {type: array, items: {$ref: item}}}}]`: the base's
    /// key, the list's key, the item's key, whether the list is required.
    func pageShape(_ schema: LocatedValue) -> (base: String, list: String, item: String, required: Bool)? {
        guard schema["properties"] == nil, choice(of: schema) == nil, let parts = schema["allOf"]?.items else {
            return nil
        }
        let typed = typedParts(parts)
        let references = typed.filter { $0["$ref"] != nil }
        let inline = typed.filter { $0["$ref"] == nil }
        guard typed.count == 2, references.count == 1, inline.count == 1,
            let properties = inline[0]["properties"]?.members, properties.count == 1,
            (inline[0].members ?? []).allSatisfy({ ["type", "properties", "required", "description"].contains($0.key) }
            ),
            let list = properties.first, typeNamesOf(list.value) == ["array"], !allowsNull(list.value),
            let itemReference = list.value["items"]?["$ref"]?.string,
            let baseReference = references[0]["$ref"]?.string
        else { return nil }
        let base = document.canonical(baseReference, from: references[0]["$ref"]!.location.file)
        let item = document.canonical(itemReference, from: list.value["items"]!["$ref"]!.location.file)
        guard let baseSchema = resolved(references[0]), isObject(baseSchema),
            baseSchema["allOf"] == nil, baseSchema["properties"]?[list.key] == nil
        else { return nil }
        let required =
            (inline[0]["required"]?.items ?? []).contains { $0.string == list.key }
            || (baseSchema["required"]?.items ?? []).contains { $0.string == list.key }
        return (base, list.key, item, required)
    }

    /// Finds the page schemas among the components, after their names are registered: each group of two or more
    /// around one base that nothing else refers to becomes a generic named after the base.
    func findPages() {
        var groups: [String: [(key: String, item: String)]] = [:]
        var order: [String] = []
        var shapes: [String: (list: String, required: Bool)] = [:]
        for member in root["components"]?["schemas"]?.members ?? [] {
            let key = document.componentKey(member.key)
            guard schemaNames[key] != nil, let shape = pageShape(member.value), schemaNames[shape.base] != nil,
                let itemName = schemaNames[shape.item], !itemName.contains("<")
            else { continue }
            let signature = shape.base + "\u{0}" + shape.list + "\u{0}" + (shape.required ? "1" : "0")
            if groups[signature] == nil { order.append(signature) }
            groups[signature, default: []].append((key, shape.item))
            shapes[signature] = (shape.list, shape.required)
        }
        let (references, pageUses) = referenceCounts()
        let swiftNames = Set(schemaNames.values.map(naming.typeName))
        let parameter = ["item", "element", "page_item"].first { !swiftNames.contains(naming.typeName($0)) }
        for signature in order {
            guard let members = groups[signature], members.count > 1, let parameter, let shape = shapes[signature]
            else { continue }
            let base = String(signature.prefix { $0 != "\u{0}" })
            // The base becomes the generic: only when the pages alone refer to it.
            guard references[base, default: 0] == pageUses[base, default: 0], let generic = schemaNames[base] else {
                continue
            }
            schemaState.pageGenerics[base] = PageGeneric(
                parameter: parameter, listKey: shape.list, listRequired: shape.required)
            structNames.remove(generic)
            schemaState.pageGenericNames[base] = generic
            for member in members {
                guard let item = schemaNames[member.item], let page = schemaNames[member.key] else { continue }
                structNames.remove(page)
                let instance = "\(generic)<\(item)>"
                schemaNames[member.key] = instance
                structNames.insert(instance)
                schemaState.pages.insert(member.key)
                schemaCount += 1  // imported, as an instance
            }
        }
    }

    /// How many `$ref`s of the root document point at each canonical key (`example`s and `x-` extensions left out),
    /// and how many of them are the base of a page shape.
    private func referenceCounts() -> (references: [String: Int], pageUses: [String: Int]) {
        var counts: [String: Int] = [:]
        var pageUses: [String: Int] = [:]
        func visit(_ node: LocatedValue) {
            switch node.value {
            case .array(let items): items.forEach(visit)
            case .object(let object):
                let members = object.members
                if node["allOf"] != nil, let shape = pageShape(node), schemaNames[shape.item] != nil {
                    pageUses[shape.base, default: 0] += 1
                }
                for member in members {
                    if member.key == "example" || member.key == "examples" || member.key.hasPrefix("x-") { continue }
                    if member.key == "$ref", let reference = member.value.string {
                        counts[document.canonical(reference, from: member.value.location.file), default: 0] += 1
                    } else {
                        visit(member.value)
                    }
                }
            default: break
            }
        }
        visit(root)
        return (counts, pageUses)
    }

    /// The instance a page shape written in place reads as (`PagingObject<CategoryObject>`), when its base became a
    /// generic.
    func pageInstance(_ schema: LocatedValue) -> ConvertedType? {
        guard schema["allOf"] != nil, let shape = pageShape(schema),
            let generic = schemaState.pageGenericNames[shape.base], let item = schemaNames[shape.item]
        else { return nil }
        return ConvertedType(expression: "\(generic)<\(item)>", nullable: allowsNull(schema))
    }
}
