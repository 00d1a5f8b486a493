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

    /// The top-level keys of an overlay that are no spec keys: a misspelling of one is an unknown spec key.
    static let overlayKeys = ["kinds", "rename"]

    /// Reads the overlay at `path`; nil after an error located in it.
    static func read(_ path: String, diagnostics: ImportDiagnostics) -> OpenAPIOverlay? {
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.error("no such overlay file '\(path)'", at: .start(of: path))
            return nil
        }
        // A file with no document (empty, or comments alone) is an overlay without edits yet.
        if let bytes = FileManager.default.contents(atPath: path).map(Array.init),
            (try? YAMLLoader.loadAll(bytes, file: path))?.isEmpty == true
        {
            return OpenAPIOverlay(root: LocatedValue.object([], at: .start(of: path)), file: path)
        }
        guard
            let root = LocatedValue.read(
                path, what: "an overlay (a mapping of hand edits whose keys mirror the spec's)",
                hint: "name the overlay's YAML file", diagnostics: diagnostics)
        else { return nil }
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
}
