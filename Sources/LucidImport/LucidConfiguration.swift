import Foundation
import LucidSpec

/// What the import takes from Lucid's `.lucid.yaml`: where the descriptions are, the module name, the naming
/// settings. Everything else Lucid's configuration can say is reported as having no equivalent.
struct LucidConfiguration {
    /// The folder of description files, as the user would name it (the folder joined with `input_path`).
    var inputFolder: String
    var moduleName: String?
    var lexicon: [String] = []
    var entitySuffix: String?

    /// Keys of the configuration's top level that are read.
    static let keys = [
        "input_path", "targets", "active_targets", "extensions_path", "cache_path", "organization_name",
        "current_version", "last_release_tag", "git_remote", "force_build_new_db_model",
        "force_build_new_db_model_for_versions", "response_handler_function", "core_data_migrations_function",
        "lexicon", "entity_suffix", "use_core_data_legacy_naming",
    ]
    /// What happens to each key lucid-gen has no equivalent for.
    static let unsupported: [String: String] = [
        "active_targets": "only the 'app' target is imported",
        "extensions_path": "Lucid's code generation extensions are not run",
        "cache_path": "lucid-gen keeps no description cache",
        "organization_name": "generated files carry lucid-gen's header",
        "current_version": "lucid-gen has no Core Data model versions",
        "last_release_tag": "lucid-gen has no Core Data model versions",
        "git_remote": "lucid-gen has no Core Data model versions",
        "force_build_new_db_model": "lucid-gen has no Core Data model",
        "force_build_new_db_model_for_versions": "lucid-gen has no Core Data model",
        "response_handler_function": "queued endpoints get lucid-gen's response handling protocol",
        "core_data_migrations_function": "lucid-gen has no Core Data model",
        "use_core_data_legacy_naming": "lucid-gen has no Core Data model",
    ]
    static let targetKeys = ["app", "app_tests", "app_test_support"]

    /// The configuration at `file` (in `folder`), or nil after reporting why it cannot be read.
    static let folderHint = "import-lucid reads the folder that holds Lucid's .lucid.yaml"

    /// What to say of a folder without Lucid's configuration: a lucid-gen spec there needs no import.
    private static func hintForFolder(_ folder: String) -> String {
        let specs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".lucid.yaml") && $0 != ".lucid.yaml" }.sorted()
        guard let spec = specs.first else { return folderHint }
        return "\(folderHint); '\(spec)' there is a lucid-gen spec, which needs no import ('lucid-gen lint', "
            + "'lucid-gen generate')"
    }

    static func read(_ file: String, folder: String, diagnostics: ImportDiagnostics) -> LucidConfiguration? {
        guard let data = FileManager.default.contents(atPath: file) else {
            let exists = FileManager.default.fileExists(atPath: folder)
            // Located at the folder the user named: `FOLDER/.lucid.yaml` is a path that does not exist.
            diagnostics.error(
                exists
                    ? "no Lucid configuration '.lucid.yaml' in '\(folder)'"
                    : "'\(folder)' does not exist",
                at: .start(of: folder), hint: exists ? hintForFolder(folder) : Self.folderHint)
            return nil
        }
        let root: YAMLNode
        do {
            let documents = try YAMLLoader.loadAll(Array(data), file: file)
            guard let first = documents.first else {
                diagnostics.error("the configuration is empty; it needs at least 'targets'", at: .start(of: file))
                return nil
            }
            root = first
        } catch {
            diagnostics.add(error.diagnostic)
            return nil
        }
        var reader = ConfigurationReader(file: file, diagnostics: diagnostics)
        guard let configuration = reader.configuration(root, folder: folder) else { return nil }
        if configuration.moduleName == nil {
            diagnostics.error(
                "the configuration has no 'targets.app.module_name'; lucid-gen needs the module's name",
                at: root.location)
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: configuration.inputFolder, isDirectory: &isFolder)
            || !isFolder.boolValue
        {
            diagnostics.error(
                "the description folder '\(configuration.inputFolder)' does not exist",
                at: reader.inputPathLocation ?? root.location,
                hint: "set 'input_path' to the folder that holds Entities, Subtypes and EndpointPayloads")
        }
        return configuration
    }
}

/// Reads the YAML of a `.lucid.yaml`, reporting at each key.
private struct ConfigurationReader {
    let file: String
    let diagnostics: ImportDiagnostics
    /// Where `input_path`'s value is written, when it is.
    private(set) var inputPathLocation: SourceLocation?

    init(file: String, diagnostics: ImportDiagnostics) {
        self.file = file
        self.diagnostics = diagnostics
    }

    mutating func configuration(_ root: YAMLNode, folder: String) -> LucidConfiguration? {
        guard let pairs = mapping(root, "the configuration", keys: LucidConfiguration.keys) else { return nil }
        var inputPath = "Descriptions"
        var configuration = LucidConfiguration(inputFolder: "")
        for (key, pair) in pairs {
            switch key {
            case "input_path":
                inputPath = string(pair.value, "'input_path'") ?? inputPath
                inputPathLocation = pair.value.location
            case "targets": configuration.moduleName = targets(pair.value)
            case "lexicon": configuration.lexicon = strings(pair.value, "'lexicon'")
            case "entity_suffix": configuration.entitySuffix = string(pair.value, "'entity_suffix'")
            default:
                let why = LucidConfiguration.unsupported[key] ?? "it is left out"
                diagnostics.warning("'\(key)' has no equivalent in lucid-gen; \(why)", at: pair.key.location)
            }
        }
        configuration.inputFolder =
            inputPath.hasPrefix("/") ? inputPath : (folder as NSString).appendingPathComponent(inputPath)
        return configuration
    }

    /// The app target's module name; the other targets are reported.
    private func targets(_ node: YAMLNode) -> String? {
        guard let pairs = mapping(node, "'targets'", keys: LucidConfiguration.targetKeys) else { return nil }
        var moduleName: String?
        for (key, pair) in pairs {
            guard key == "app" else {
                diagnostics.warning(
                    "target '\(key)' has no equivalent in lucid-gen; generate's --tests writes the example tests",
                    at: pair.key.location)
                continue
            }
            guard let target = mapping(pair.value, "target 'app'", keys: ["module_name", "output_path"]) else {
                continue
            }
            for (targetKey, targetPair) in target {
                if targetKey == "module_name" {
                    moduleName = string(targetPair.value, "'module_name'")
                } else {
                    diagnostics.warning(
                        "'output_path' has no equivalent in the spec; pass it to 'lucid-gen generate --output'",
                        at: targetPair.key.location)
                }
            }
        }
        return moduleName
    }

    /// The pairs of a mapping by key, in order; unknown keys are errors.
    private func mapping(_ node: YAMLNode, _ what: String, keys: [String]) -> [(String, YAMLNode.Pair)]? {
        guard let pairs = node.mapping else {
            diagnostics.error("expected a mapping for \(what), found \(node.kindDescription)", at: node.location)
            return nil
        }
        return pairs.compactMap { pair in
            guard let key = pair.key.scalar?.text, keys.contains(key) else {
                let text = pair.key.scalar?.text ?? pair.key.kindDescription
                diagnostics.error(
                    "unknown key '\(text)' in \(what)", at: pair.key.location,
                    hint: Suggestions.hint(for: text, in: keys))
                return nil
            }
            return (key, pair)
        }
    }

    private func string(_ node: YAMLNode, _ what: String) -> String? {
        guard let scalar = node.scalar, case .string = scalar.value else {
            diagnostics.error("expected a string for \(what), found \(node.kindDescription)", at: node.location)
            return nil
        }
        return scalar.text
    }

    private func strings(_ node: YAMLNode, _ what: String) -> [String] {
        guard let items = node.sequence else {
            diagnostics.error(
                "expected a list of strings for \(what), found \(node.kindDescription)", at: node.location)
            return []
        }
        return items.compactMap { string($0, "an item of \(what)") }
    }
}
