import Foundation
import LucidSpec
import LucidSupport

/// The hand edits a re-import keeps: a YAML file the user owns, whose keys mirror the spec's, merged over what the
/// import makes each time (docs/OpenAPIImport.md, "Re-importing").
///
/// - Mappings are merged key by key; a scalar or a list replaces what the import wrote; `null` deletes the key.
/// - `rename:` renames types (everywhere they are referred to), services and endpoints, by the names the import
///   gives them; the rest of the overlay names things by their new names.
/// - A service, endpoint, type, property or parameter the import no longer makes is a warning at the overlay's
///   key, never dropped silently.
struct OpenAPIOverlay {
    let root: LocatedValue
    let file: String
    /// `rename: { types: { Pet: Animal } }`: made name → (new name, where the rename is written).
    var typeRenames: [String: (name: String, location: SourceLocation)] = [:]
    var serviceRenames: [(old: String, new: String, location: SourceLocation)] = []
    var endpointRenames: [(service: String, old: String, new: String, location: SourceLocation)] = []
    /// `kinds: { Pet: entity, Owner: struct }`: each type's kind, in overlay order (`identifier` names the property
    /// an entity is identified by).
    var kinds: [Kind] = []

    struct Kind {
        var type: String
        var entity: Bool
        var identifier: String
        var location: SourceLocation
    }

    /// The keys under which each key names something the import makes (a service, an endpoint, a type, ...):
    /// such a key that matches nothing is a warning.
    private static let namedCollections: Set<[String]> = [
        ["services"], ["services", "*", "endpoints"], ["subtypes"], ["entities"],
        ["subtypes", "*", "properties"], ["entities", "*", "properties"],
        ["services", "*", "endpoints", "*", "params"], ["services", "*", "endpoints", "*", "query"],
        ["services", "*", "endpoints", "*", "headers"],
    ]

    /// Reads the overlay at `path`; nil after an error located in it.
    static func read(_ path: String, diagnostics: ImportDiagnostics) -> OpenAPIOverlay? {
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.error("no such overlay file '\(path)'", at: .start(of: path))
            return nil
        }
        guard let root = LocatedValue.read(path, diagnostics: diagnostics) else { return nil }
        if root.isNull {
            return OpenAPIOverlay(root: LocatedValue.object([], at: root.location), file: path)
        }
        guard root.members != nil else {
            diagnostics.error(
                "an overlay is a mapping whose keys mirror the spec's, not \(root.kindDescription)",
                at: root.location)
            return nil
        }
        var overlay = OpenAPIOverlay(root: root, file: path)
        if let kinds = root["kinds"] {
            guard let readKinds = readKinds(kinds, diagnostics: diagnostics) else { return nil }
            overlay.kinds = readKinds
        }
        guard let rename = root["rename"] else { return overlay }
        guard let kinds = rename.members else {
            diagnostics.error("'rename' is a mapping of 'types', 'services' and 'endpoints'", at: rename.location)
            return nil
        }
        var ok = true
        for kind in kinds {
            guard ["types", "services", "endpoints"].contains(kind.key), let pairs = kind.value.members else {
                diagnostics.error(
                    "'rename' holds 'types', 'services' and 'endpoints', each a mapping of old names to new ones",
                    at: kind.keyLocation)
                ok = false
                continue
            }
            for pair in pairs {
                guard let new = pair.value.string, SpecNameText.sanitized(new, prefix: "n") == new else {
                    diagnostics.error(
                        "rename '\(pair.key)': the new name is a spec name (letters, digits and single '_')",
                        at: pair.value.location)
                    ok = false
                    continue
                }
                switch kind.key {
                case "types": overlay.typeRenames[pair.key] = (new, pair.keyLocation)
                case "services": overlay.serviceRenames.append((pair.key, new, pair.keyLocation))
                default:
                    let parts = pair.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                        diagnostics.error(
                            "an endpoint to rename is named '<service>.<endpoint>' (the imported names)",
                            at: pair.keyLocation)
                        ok = false
                        continue
                    }
                    overlay.endpointRenames.append((parts[0], parts[1], new, pair.keyLocation))
                }
            }
        }
        return ok ? overlay : nil
    }

    /// `kinds: { Pet: entity, Tag: { entity: name }, Owner: struct }`; nil after an error.
    private static func readKinds(_ node: LocatedValue, diagnostics: ImportDiagnostics) -> [Kind]? {
        let message =
            "'kinds' maps type names to 'entity' (identified by its property 'id'), '{ entity: <property> }' or"
            + " 'struct'"
        guard let members = node.members else {
            diagnostics.error(message, at: node.location)
            return nil
        }
        var kinds: [Kind] = []
        for member in members {
            switch (member.value.string, member.value["entity"]?.string, member.value.members?.count) {
            case ("entity", _, _):
                kinds.append(Kind(type: member.key, entity: true, identifier: "id", location: member.keyLocation))
            case ("struct", _, _):
                kinds.append(Kind(type: member.key, entity: false, identifier: "", location: member.keyLocation))
            case (nil, let property?, 1):
                kinds.append(Kind(type: member.key, entity: true, identifier: property, location: member.keyLocation))
            default:
                diagnostics.error(message, at: member.value.location)
                return nil
            }
        }
        return kinds
    }

    /// `text` (a spec the import made, types renamed already; `renamedTypes` are the renames that matched) with the
    /// overlay's renames and keys applied. What matches nothing is a warning in the overlay.
    func apply(
        to text: String, renamedTypes: Set<String>, displacedTypes: Set<String> = [], blockedTypes: Set<String> = [],
        kindOutcomes: [String: KindOutcome] = [:], diagnostics: ImportDiagnostics
    ) -> String {
        for (old, rename) in typeRenames.sorted(by: { $0.key < $1.key }) where blockedTypes.contains(old) {
            diagnostics.warning(
                "rename: the document has a type '\(rename.name)' already; '\(old)' is not renamed", at: rename.location
            )
        }
        for (old, rename) in typeRenames.sorted(by: { $0.key < $1.key }) where displacedTypes.contains(rename.name) {
            diagnostics.warning(
                "rename: the document has a type '\(rename.name)' too, which becomes '\(rename.name)_2' beside"
                    + " '\(old)' renamed; choose another name", at: rename.location)
        }
        for (old, rename) in typeRenames.sorted(by: { $0.key < $1.key }) where !renamedTypes.contains(old) {
            diagnostics.warning(
                "rename: the import makes no type '\(old)' (any more); '\(old): \(rename.name)' is not applied",
                at: rename.location)
        }
        let outline = SpecOutline(text)
        let services = outline.root.child("services")
        for rename in serviceRenames {
            if let service = services?.child(rename.old) {
                service.rename(rename.new)
            } else {
                diagnostics.warning(
                    "rename: the import makes no service '\(rename.old)' (any more); it is not renamed",
                    at: rename.location)
            }
        }
        for rename in endpointRenames {
            let service = serviceRenames.first { $0.old == rename.service }?.new ?? rename.service
            if let endpoint = services?.child(service)?.child("endpoints")?.child(rename.old) {
                endpoint.rename(rename.new)
            } else {
                diagnostics.warning(
                    "rename: the import makes no endpoint '\(rename.old)' in service '\(rename.service)' (any more);"
                        + " it is not renamed", at: rename.location)
            }
        }
        applyKinds(to: outline, outcomes: kindOutcomes, diagnostics: diagnostics)
        let edits = LocatedValue.object(
            routed((root.members ?? []).filter { $0.key != "rename" && $0.key != "kinds" }, outline),
            at: root.location)
        merge(edits, into: outline.root, path: [], diagnostics: diagnostics)
        return outline.text
    }

    /// The types of `subtypes:` and `entities:` each under the section that holds it now: a type the overlay names
    /// under one that the import made the other kind (a schema that gained or lost its `id`) is merged where it is.
    private func routed(_ members: [LocatedValue.Member], _ outline: SpecOutline) -> [LocatedValue.Member] {
        let sections = ["subtypes", "entities"]
        var result: [LocatedValue.Member] = []
        var moved: [String: [LocatedValue.Member]] = [:]
        for member in members {
            guard let index = sections.firstIndex(of: member.key), let types = member.value.members, !types.isEmpty
            else {
                result.append(member)
                continue
            }
            let other = sections[1 - index]
            var kept: [LocatedValue.Member] = []
            for type in types {
                if outline.root.child(member.key)?.child(type.key) == nil,
                    outline.root.child(other)?.child(type.key) != nil
                {
                    moved[other, default: []].append(type)
                } else {
                    kept.append(type)
                }
            }
            if !kept.isEmpty {
                result.append(
                    LocatedValue.Member(
                        key: member.key, keyLocation: member.keyLocation,
                        value: LocatedValue.object(kept, at: member.value.location)))
            }
        }
        for section in sections {
            guard let types = moved[section] else { continue }
            if let index = result.firstIndex(where: { $0.key == section }) {
                let value = result[index].value
                result[index].value = LocatedValue.object(
                    (value.members ?? []) + types, at: value.location)
            } else {
                result.append(
                    LocatedValue.Member(
                        key: section, keyLocation: types[0].keyLocation,
                        value: LocatedValue.object(types, at: types[0].keyLocation)))
            }
        }
        return result
    }

    /// Each type of `kinds` as asked. A schema of the document was made that kind by the converter already
    /// (`OpenAPIImportOptions.structs`, `.entities`): `outcomes` says how, and why not where it could not be. Any
    /// other type (an inline schema's) is moved between `subtypes:` and `entities:` here: a struct subtype becomes
    /// an entity identified by one of its properties (`identifier: { property: id }`); an entity becomes a struct
    /// subtype, its dedicated identifier a property `id` (entity metadata has no place in a struct: left out, with
    /// a warning).
    private func applyKinds(
        to outline: SpecOutline, outcomes: [String: KindOutcome], diagnostics: ImportDiagnostics
    ) {
        for kind in kinds {
            switch outcomes[kind.type] {
            case .applied?: continue
            case .already?:
                diagnostics.warning(
                    "kinds: '\(kind.type)' is \(kind.entity ? "an entity" : "a struct subtype") already",
                    at: kind.location)
                continue
            case .refused(let reason)?:
                diagnostics.warning(
                    "kinds: '\(kind.type)' cannot become an entity identified by '\(kind.identifier)': \(reason); it"
                        + " stays a struct", at: kind.location)
                continue
            case nil: break
            }
            let from = kind.entity ? "subtypes" : "entities"
            let to = kind.entity ? "entities" : "subtypes"
            guard let section = outline.root.child(from), let type = section.child(kind.type) else {
                let already = outline.root.child(to)?.child(kind.type) != nil
                diagnostics.warning(
                    already
                        ? "kinds: '\(kind.type)' is \(kind.entity ? "an entity" : "a struct subtype") already"
                        : "kinds: the import makes no \(kind.entity ? "struct subtype" : "entity") '\(kind.type)'"
                            + " (any more); this entry is not applied",
                    at: kind.location)
                continue
            }
            if kind.entity {
                guard type.child("properties")?.child(kind.identifier) != nil else {
                    diagnostics.warning(
                        "kinds: struct subtype '\(kind.type)' has no property '\(kind.identifier)' to identify it;"
                            + " it stays a struct", at: kind.location)
                    continue
                }
                let pad = String(repeating: " ", count: type.childIndent)
                type.insertFirst([pad + "identifier: { property: \(SpecText.scalar(kind.identifier)) }"])
            } else {
                if let identifier = type.child("identifier") {
                    type.remove(identifier)
                    if let property = SpecOutline.identifierProperty(identifier.inlineValue),
                        let properties = type.child("properties")
                    {
                        properties.expandFlowMapping()
                        let pad = String(repeating: " ", count: properties.childIndent)
                        properties.insertFirst([pad + "id: " + property])
                    }
                }
                if let metadata = type.child("metadata") {
                    type.remove(metadata)
                    diagnostics.warning(
                        "kinds: the metadata of entity '\(kind.type)' has no place in a struct subtype; it is left out",
                        at: kind.location)
                }
            }
            section.remove(type)
            if let first = section.children.first { first.leading = first.leading.filter { !$0.isEmpty } }
            let target = outline.section(to)
            type.leading = (target.children.isEmpty ? [] : [""]) + type.leading.filter { !$0.isEmpty }
            target.children.append(type)
            if section.children.isEmpty { outline.root.remove(section) }
        }
    }

    private func merge(
        _ overlay: LocatedValue, into node: SpecOutline.Node, path: [String], diagnostics: ImportDiagnostics
    ) {
        node.expandFlowMapping()
        for member in overlay.members ?? [] {
            let keyPath = path + [member.key]
            let existing = node.child(member.key)
            let named = Self.namedCollections.contains { pattern in
                pattern.count == path.count && zip(pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
            }
            if member.value.isNull {
                if let existing {
                    node.remove(existing)
                } else {
                    diagnostics.warning(
                        "'\(keyPath.joined(separator: "."))' is not in the imported spec (any more); nothing to delete",
                        at: member.keyLocation)
                }
                continue
            }
            guard let existing else {
                if named {
                    diagnostics.warning(
                        "'\(keyPath.joined(separator: "."))' matches nothing in the imported spec (the document no"
                            + " longer has it?); this entry is not applied", at: member.keyLocation)
                } else {
                    node.append(SpecOutline.lines(key: member.key, value: member.value, indent: node.childIndent))
                }
                continue
            }
            let shorthand = ["properties", "params", "query", "headers"].contains(path.last ?? "")
            if member.value.members?.isEmpty == false, shorthand { existing.expandShorthand() }
            if member.value.members?.isEmpty == false, existing.holdsMapping {
                merge(member.value, into: existing, path: keyPath, diagnostics: diagnostics)
            } else {
                existing.replace(
                    with: SpecOutline.lines(
                        key: existing.key ?? member.key, value: member.value,
                        indent: existing.indent))
            }
        }
    }
}

/// A spec's text as the import writes it — block mappings indented by two spaces, one key per line, flow mappings
/// and lists on one line, block lists of `- ` items — as a tree of lines, so that an overlay changes only the
/// lines it is about and every other line (comments included) stays as the import wrote it.
final class SpecOutline {
    final class Node {
        /// The key of a `key: value` line; nil for the root and for `- ` items.
        var key: String?
        /// The line itself (empty for the root).
        var line: String
        var indent: Int
        /// Comment and blank lines just before the line.
        var leading: [String] = []
        var children: [Node] = []

        init(key: String?, line: String, indent: Int) {
            self.key = key
            self.line = line
            self.indent = indent
        }

        func child(_ key: String) -> Node? { children.first { $0.key == key } }

        /// The indentation of the node's keys: its children's, else two more than its own.
        var childIndent: Int { children.first?.indent ?? (key == nil && line.isEmpty ? 0 : indent + 2) }

        /// The value written after the key on the line, without a trailing comment.
        var inlineValue: String {
            guard let colon = SpecOutline.colon(in: line) else { return "" }
            let rest = line[line.index(colon, offsetBy: 1)...].trimmingCharacters(in: .whitespaces)
            return rest
        }

        /// Whether the node's value is a mapping: keyed children, or a flow mapping on the line.
        var holdsMapping: Bool {
            if line.isEmpty { return true }
            if !children.isEmpty { return children.allSatisfy { $0.key != nil } }
            return inlineValue.hasPrefix("{") && inlineValue != "{}"
        }

        /// A flow mapping on the line (`response: { type: Item }`) written as a block, so keys can be merged in.
        func expandFlowMapping() {
            guard children.isEmpty, inlineValue.hasPrefix("{"), inlineValue != "{}", let key,
                let parsed = try? YAMLLoader.loadAll(Array(("value: " + inlineValue).utf8), file: "flow").first,
                case .mapping(let pairs) = parsed.content, let value = pairs.first?.value
            else { return }
            let lines = SpecOutline.lines(key: key, value: LocatedValue(yaml: value), indent: indent)
            replace(with: lines)
        }

        /// A property or parameter written as its type alone (`name: string`) written as `name: { type: string }`,
        /// so keys can be merged in.
        func expandShorthand() {
            let value = inlineValue
            guard children.isEmpty, !value.isEmpty, !value.hasPrefix("{"), !value.hasPrefix("#"),
                let colon = SpecOutline.colon(in: line)
            else { return }
            let pad = String(repeating: " ", count: indent)
            replace(with: [String(line[...colon]), pad + "  type: " + value])
        }

        func rename(_ new: String) {
            guard let colon = SpecOutline.colon(in: line) else { return }
            line = String(repeating: " ", count: indent) + SpecText.scalar(new) + line[colon...]
            key = new
        }

        func remove(_ node: Node) { children.removeAll { $0 === node } }

        /// Puts the node of `lines` first among the children.
        func insertFirst(_ lines: [String]) {
            children.insert(contentsOf: SpecOutline(lines.joined(separator: "\n")).root.children, at: 0)
        }

        func append(_ lines: [String]) {
            let parsed = SpecOutline(lines.joined(separator: "\n")).root.children
            children += parsed
        }

        /// Replaces the line and its children by `lines` (one node and its children), keeping leading comments.
        func replace(with lines: [String]) {
            guard let node = SpecOutline(lines.joined(separator: "\n")).root.children.first else { return }
            line = node.line
            key = node.key
            children = node.children
        }

        func write(into lines: inout [String]) {
            lines += leading
            if !line.isEmpty { lines.append(line) }
            for child in children { child.write(into: &lines) }
        }
    }

    let root = Node(key: nil, line: "", indent: -1)
    private var trailing: [String] = []

    init(_ text: String) {
        var stack = [root]
        var pending: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") {
                pending.append(line)
                continue
            }
            let indent = line.count - content.count
            while stack.count > 1, stack[stack.count - 1].indent >= indent { stack.removeLast() }
            let node = Node(key: Self.key(of: String(content)), line: line, indent: indent)
            node.leading = pending
            pending = []
            stack[stack.count - 1].children.append(node)
            stack.append(node)
        }
        trailing = pending
    }

    var text: String {
        var lines: [String] = []
        root.write(into: &lines)
        return (lines + trailing).joined(separator: "\n")
    }

    /// The top-level section `name` (`entities`), made after `subtypes` (else before `services`) when missing.
    func section(_ name: String) -> Node {
        if let node = root.child(name) { return node }
        let node = Node(key: name, line: name + ":", indent: 0)
        let index =
            root.children.firstIndex { $0.key == "subtypes" }.map { $0 + 1 }
            ?? root.children.firstIndex { $0.key == "services" } ?? root.children.count
        root.children.insert(node, at: index)
        return node
    }

    /// The property an entity's identifier becomes in a struct: `int` → `int`, `{ type: T, key: k }` →
    /// `{ type: T, key: k }`; nil for `none` and `{ property: p }` (p is a property already).
    static func identifierProperty(_ value: String) -> String? {
        guard !value.isEmpty, value != "none", !value.contains("property:") else { return nil }
        return value
    }

    /// Where the `:` after a line's key is (the key plain or double-quoted), if the line is `key: value`.
    static func colon(in line: String) -> String.Index? {
        let start = line.firstIndex { $0 != " " } ?? line.endIndex
        guard start < line.endIndex, line[start] != "-" || line[line.index(after: start)...].hasPrefix("-") else {
            return nil
        }
        var index = start
        var quoted = false
        if line[index] == "\"" {
            quoted = true
            index = line.index(after: index)
            while index < line.endIndex, line[index] != "\"" {
                if line[index] == "\\" { index = line.index(after: index) }
                if index < line.endIndex { index = line.index(after: index) }
            }
            if index < line.endIndex { index = line.index(after: index) }
        }
        while index < line.endIndex {
            if line[index] == ":" {
                let next = line.index(after: index)
                if next == line.endIndex || line[next] == " " { return index }
            }
            if quoted { return nil }
            index = line.index(after: index)
        }
        return nil
    }

    private static func key(of content: String) -> String? {
        guard !content.hasPrefix("- "), content != "-", let colon = colon(in: content) else { return nil }
        return OpenAPIExamples.unquote(String(content[..<colon]))
    }

    /// The lines of `key: value` at `indent`, in the import's style.
    static func lines(key: String, value: LocatedValue, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let head = pad + SpecText.scalar(key) + ":"
        switch value.value {
        case .object(let object):
            let members = object.members
            guard !members.isEmpty else { return [head + " {}"] }
            return [head] + members.flatMap { lines(key: $0.key, value: $0.value, indent: indent + 2) }
        case .array(let items):
            let scalars = items.compactMap(scalar)
            if scalars.count == items.count {
                return [head + " [" + scalars.joined(separator: ", ") + "]"]
            }
            var result = [head]
            for item in items {
                var itemLines: [String]
                if let members = item.members, !members.isEmpty {
                    itemLines = members.flatMap { lines(key: $0.key, value: $0.value, indent: indent + 4) }
                } else {
                    itemLines = [String(repeating: " ", count: indent + 4) + flow(item)]
                }
                itemLines[0] = pad + "  - " + itemLines[0].dropFirst(indent + 4)
                result += itemLines
            }
            return result
        default: return [head + " " + (scalar(value) ?? "null")]
        }
    }

    /// `node` as a flow value on one line: `[a, [b, c]]`, `{ k: v }`, or a scalar.
    private static func flow(_ node: LocatedValue) -> String {
        switch node.value {
        case .array(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let object):
            let members = object.members
            guard !members.isEmpty else { return "{}" }
            return "{ " + members.map { SpecText.scalar($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + " }"
        default: return scalar(node) ?? "null"
        }
    }

    private static func scalar(_ node: LocatedValue) -> String? {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return SpecText.scalar(text)
        case .array, .object: return nil
        }
    }
}

/// The comment a spec merged with an overlay carries under the import's header, naming the overlay.
enum OverlayHeader {
    static func insert(into text: String, overlay: String, specName: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let name = SpecText.comment((overlay as NSString).lastPathComponent)
        let line = "# Hand edits are kept in \(name), merged over every import: edit that file, not this one."
        lines.insert(line, at: min(2, lines.count))
        return lines.joined(separator: "\n")
    }
}
