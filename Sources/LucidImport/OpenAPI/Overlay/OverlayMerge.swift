import Foundation
import LucidSpec
import LucidSupport

/// The overlay merged into the spec document the import made: renames, `kinds`, then its keys, mapping into mapping.
/// Every entry the overlay writes or replaces carries the overlay key's location as its origin, so that lint's word
/// about it is reported in the overlay (`OpenAPICheck`).
extension OpenAPIOverlay {
    /// What the converter did with the overlay's type renames and kinds, which `apply` reports.
    struct Outcomes {
        /// The renames that matched a type the import made.
        var renamedTypes: Set<String> = []
        /// New names a type of the document had already, which got `_2`.
        var displacedTypes: Set<String> = []
        /// Renames not applied, the new name being taken.
        var blockedTypes: Set<String> = []
        /// What became of each kind asked, by the type's new name.
        var kinds: [String: KindOutcome] = [:]
    }

    /// `document` (a spec the import made, types renamed already) with the overlay's renames and keys applied.
    /// What matches nothing is a warning in the overlay.
    func apply(to document: inout SpecDocument, outcomes: Outcomes, diagnostics: ImportDiagnostics) {
        reportTypeRenames(outcomes, diagnostics: diagnostics)
        var renamed = renameServicesAndEndpoints(in: &document.root, diagnostics: diagnostics)
        for (old, rename) in typeRenames where outcomes.renamedTypes.contains(old) {
            for section in ["subtypes", "entities"] { renamed[[section], default: [:]][old] = rename.name }
        }
        applyKinds(to: &document.root, outcomes: outcomes.kinds, diagnostics: diagnostics)
        let edits = routed((root.members ?? []).filter { $0.key != "rename" && $0.key != "kinds" }, document.root)
        merge(edits, into: &document.root, path: [], renamed: renamed, diagnostics: diagnostics)
    }

    private func reportTypeRenames(_ outcomes: Outcomes, diagnostics: ImportDiagnostics) {
        let renames = typeRenames.sorted { $0.key < $1.key }
        for (old, rename) in renames where outcomes.blockedTypes.contains(old) {
            diagnostics.report(
                .overlay(
                    "rename: the document has a type '\(rename.name)' already; '\(old)' is not renamed",
                    at: rename.location))
        }
        for (old, rename) in renames where outcomes.displacedTypes.contains(rename.name) {
            diagnostics.report(
                .overlay(
                    "rename: the document has a type '\(rename.name)' too, which becomes '\(rename.name)_2' beside"
                        + " '\(old)' renamed; choose another name", at: rename.location))
        }
        for (old, rename) in renames where !outcomes.renamedTypes.contains(old) {
            diagnostics.report(
                .overlay(
                    "rename: the import makes no type '\(old)' (any more); '\(old): \(rename.name)' is not applied",
                    at: rename.location))
        }
    }

    /// Renames the services and endpoints; the renames applied, as `Renamed`.
    private func renameServicesAndEndpoints(in root: inout SpecMapping, diagnostics: ImportDiagnostics) -> Renamed {
        guard let servicesIndex = root.index(of: "services"), var services = root.entries[servicesIndex].value.mapping
        else {
            for rename in serviceRenames { reportMissingService(rename.old, at: rename.location, diagnostics) }
            for rename in endpointRenames { reportMissingEndpoint(rename, diagnostics) }
            return [:]
        }
        var renamed: Renamed = [:]
        for rename in serviceRenames {
            if let index = services.index(of: rename.old) {
                services.entries[index].key = rename.new
                renamed[["services"], default: [:]][rename.old] = rename.new
            } else {
                reportMissingService(rename.old, at: rename.location, diagnostics)
            }
        }
        for rename in endpointRenames {
            let service = serviceRenames.first { $0.old == rename.service }?.new ?? rename.service
            guard let serviceIndex = services.index(of: service),
                var endpoints = services.entries[serviceIndex].value.mapping?["endpoints"]?.value.mapping,
                let index = endpoints.index(of: rename.old)
            else {
                reportMissingEndpoint(rename, diagnostics)
                continue
            }
            endpoints.entries[index].key = rename.new
            services.entries[serviceIndex].value.setMember("endpoints", .mapping(endpoints))
            renamed[["services", service, "endpoints"], default: [:]][rename.old] = rename.new
        }
        root.entries[servicesIndex].value = .mapping(services)
        return renamed
    }

    /// The renames applied, by the path of the mapping whose keys they renamed (`["services"]`, `["services",
    /// "animals", "endpoints"]`, `["subtypes"]`): old name → new name.
    private typealias Renamed = [[String]: [String: String]]

    private func reportMissingService(_ name: String, at location: SourceLocation, _ diagnostics: ImportDiagnostics) {
        diagnostics.report(
            .overlay("rename: the import makes no service '\(name)' (any more); it is not renamed", at: location))
    }

    private func reportMissingEndpoint(
        _ rename: (service: String, old: String, new: String, location: SourceLocation),
        _ diagnostics: ImportDiagnostics
    ) {
        diagnostics.report(
            .overlay(
                "rename: the import makes no endpoint '\(rename.old)' in service '\(rename.service)' (any more); it is not"
                    + " renamed", at: rename.location))
    }

    /// The keys under which each key names something the import makes (a service, an endpoint, a type, ...):
    /// such a key that matches nothing is a warning.
    private static let namedCollections: Set<[String]> = [
        ["services"], ["services", "*", "endpoints"], ["subtypes"], ["entities"],
        ["subtypes", "*", "properties"], ["entities", "*", "properties"],
        ["services", "*", "endpoints", "*", "params"], ["services", "*", "endpoints", "*", "query"],
        ["services", "*", "endpoints", "*", "headers"],
    ]

    /// Merges the overlay's `members` into `mapping` (at `path`): a mapping into a mapping key by key, anything
    /// else replacing what is there; `null` deletes.
    private func merge(
        _ members: [LocatedValue.Member], into mapping: inout SpecMapping, path: [String], renamed: Renamed,
        diagnostics: ImportDiagnostics
    ) {
        // A mapping the overlay adds keys to is written a key per line.
        mapping.flow = false
        for member in members {
            let keyPath = path + [member.key]
            let index = mapping.index(of: member.key)
            let named = Self.namedCollections.contains { pattern in
                pattern.count == path.count && zip(pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
            }
            if index == nil, let new = renamed[path]?[member.key] {
                // The overlay's own rename took this name away: the entry is the user's mistake, not the
                // backend's change, and dropping it would lose a setting silently.
                let what = path == ["services"] ? "service" : path.count == 1 ? "type" : "endpoint"
                diagnostics.error(
                    "'\(keyPath.joined(separator: "."))' names the \(what) by its old name: the overlay's 'rename'"
                        + " makes '\(member.key)' '\(new)'", at: member.keyLocation,
                    hint: "write this entry under '\(new)' (the rest of the overlay names things by their new names)")
                continue
            }
            if member.value.isNull {
                if index != nil {
                    mapping.remove(member.key)
                } else {
                    diagnostics.report(
                        .overlay(
                            "'\(keyPath.joined(separator: "."))' is not in the imported spec (any more); nothing to delete",
                            at: member.keyLocation))
                }
                continue
            }
            guard let index else {
                if named {
                    diagnostics.report(
                        .overlay(
                            "'\(keyPath.joined(separator: "."))' matches nothing in the imported spec (the document no"
                                + " longer has it?); this entry is not applied", at: member.keyLocation))
                } else if path.isEmpty {
                    // At the top, in the order a spec keeps its keys: `access: public` beside `module`, not after
                    // the last of thousands of lines of services.
                    mapping.entries.insert(Self.entry(member), at: Self.rootPosition(of: member.key, in: mapping))
                } else {
                    mapping.entries.append(Self.entry(member))
                }
                continue
            }
            let merges = member.value.members?.isEmpty == false
            // `name: string` under properties and parameters is `name: { type: string }`: keys can be merged in.
            if merges, ["properties", "params", "query", "headers"].contains(path.last ?? ""),
                case .scalar = mapping.entries[index].value
            {
                mapping.entries[index].value = .block([SpecEntry("type", mapping.entries[index].value)])
            }
            if merges, var nested = mapping.entries[index].value.mapping, !nested.entries.isEmpty {
                merge(
                    member.value.members ?? [], into: &nested, path: keyPath, renamed: renamed,
                    diagnostics: diagnostics)
                mapping.entries[index].value = .mapping(nested)
            } else {
                mapping.entries[index].value = Self.value(member.value)
                mapping.entries[index].origin = member.keyLocation
            }
        }
    }

    /// Where a top-level key goes among `root`'s: after the last key a spec writes before it
    /// (`SpecDocument.rootKeys`); a key of no such place (`x-…`) goes last.
    static func rootPosition(of key: String, in root: SpecMapping) -> Int {
        guard let rank = SpecDocument.rootKeys.firstIndex(of: key) else { return root.entries.count }
        let before = root.entries.lastIndex { entry in
            SpecDocument.rootKeys.firstIndex(of: entry.key).map { $0 < rank } ?? false
        }
        return before.map { $0 + 1 } ?? 0
    }

    /// An overlay's member as a spec entry, located at its key.
    static func entry(_ member: LocatedValue.Member) -> SpecEntry {
        SpecEntry(member.key, value(member.value), origin: member.keyLocation)
    }

    /// An overlay's value as the import writes values: mappings a key per line, lists of scalars on one line, other
    /// lists an item per line.
    static func value(_ value: LocatedValue) -> SpecValue {
        switch value.value {
        case .object(let object): return .block(object.members.map(entry))
        case .array(let items):
            let values = items.map(Self.value)
            let flat = values.allSatisfy { if case .scalar = $0 { true } else { false } }
            return flat ? .flowList(values) : .blockList(values.map(flowUnlessMapping))
        case .null: return .literal("null")
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .literal(text)
        case .string(let text): return .text(text)
        }
    }

    /// A list's item: a non-empty mapping a key per line after its `- `, anything else on one line.
    private static func flowUnlessMapping(_ value: SpecValue) -> SpecValue {
        switch value {
        case .mapping(let mapping) where !mapping.entries.isEmpty: return value
        case .mapping(let mapping): return .flow(mapping.entries)
        case .list(let list): return .flowList(list.items.map(flowUnlessMapping))
        case .scalar: return value
        }
    }
}

extension SpecValue {
    /// Sets the member `key` of a mapping (nothing for another value).
    mutating func setMember(_ key: String, _ value: SpecValue) {
        guard case .mapping(var mapping) = self else { return }
        mapping.set(key, value)
        self = .mapping(mapping)
    }
}
