import Foundation
import LucidSpec
import LucidSupport

/// The read stage: an OpenAPI document and every file its `$ref`s join, read before anything is converted, so that
/// the stages after it never touch the file system. A `$ref` is resolved here: `#/components/schemas/Pet` in the
/// file holding it, `other.yaml#/Pet` (or the whole `other.yaml`) relative to that file.
///
/// A reference that points nowhere is reported where a later stage follows it (a broken reference in a part of the
/// document nothing uses stops nothing).
final class OpenAPIDocumentSet {
    /// The root document's path, as the user named it.
    let file: String
    let root: LocatedValue
    let diagnostics: ImportDiagnostics
    /// Every file read, by normalized path: the root, and the files `$ref`s name.
    private var files: [String: LocatedValue] = [:]
    /// Files a `$ref` names that cannot be read: the reason is reported where a later stage follows the reference.
    private var unreadable: [String: Diagnostic] = [:]
    /// The folder every file a `$ref` names must be in (its real path, links resolved), and as the user named it.
    let boundary: (real: String, named: String)

    /// The root document `root` read from `file`, with every file its references reach that is under `boundary`
    /// (default: the root document's folder). An imported document is untrusted input: a reference that leads
    /// elsewhere (`../../etc/passwd`, `/proc/self/environ`, a link out of the folder) is never read.
    init(root: LocatedValue, file: String, boundary: String? = nil, diagnostics: ImportDiagnostics) {
        self.file = file
        self.root = root
        self.diagnostics = diagnostics
        let named = boundary ?? (file as NSString).deletingLastPathComponent
        self.boundary = (Self.realPath(named.isEmpty ? "." : named), named.isEmpty ? "." : named)
        files[Self.normalized(file)] = root
        readReferencedFiles(from: root)
    }

    /// `path` made absolute, `.` and `..` taken out and links resolved.
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Reads the files that `$ref`s inside `node` name (not inside examples or `x-` extensions, which are not
    /// followed), and theirs, each once.
    private func readReferencedFiles(from node: LocatedValue) {
        var pending = [node]
        while let next = pending.popLast() {
            Self.forEachReference(in: next) { reference, location in
                guard !Self.isURL(reference) else { return }
                let path = String(canonical(reference, from: location.file).prefix { $0 != "#" })
                guard files[path] == nil, unreadable[path] == nil else { return }
                if let document = read(path, at: location) {
                    files[path] = document
                    pending.append(document)
                }
            }
        }
    }

    /// The file at `path`, or nil after recording why it cannot be read: it does not exist, it is outside the
    /// boundary, or it is no regular file (a device, a pipe).
    private func read(_ path: String, at location: SourceLocation) -> LocatedValue? {
        guard FileManager.default.fileExists(atPath: path) else {
            unreadable[path] = .error("'$ref' points at '\(path)', which does not exist", at: location)
            return nil
        }
        let real = Self.realPath(path)
        guard real.hasPrefix(boundary.real == "/" ? "/" : boundary.real + "/") else {
            unreadable[path] = .error(
                "'$ref' points at '\(path)', outside the document's folder '\(boundary.named)'; import-openapi reads"
                    + " no file outside it", at: location,
                hint: "copy that file beside the document, or name a folder that holds both with --ref-root")
            return nil
        }
        let type = (try? FileManager.default.attributesOfItem(atPath: real))?[.type] as? FileAttributeType
        guard type == .typeRegular else {
            unreadable[path] = .error("'$ref' points at '\(path)', which is no regular file", at: location)
            return nil
        }
        do throws(DocumentError) {
            return try LocatedDocument.read(path, what: "the part of an OpenAPI document that a '$ref' names")
        } catch {
            unreadable[path] = error.diagnostic
            return nil
        }
    }

    /// Calls `body` with each `$ref` inside `node` and where it is written, but those inside `example`, `examples`
    /// and `x-` extensions.
    static func forEachReference(in node: LocatedValue, _ body: (String, SourceLocation) -> Void) {
        switch node.value {
        case .array(let items): items.forEach { forEachReference(in: $0, body) }
        case .object(let object):
            for member in object.members {
                if member.key == "example" || member.key == "examples" || member.key.hasPrefix("x-") { continue }
                if member.key == "$ref", let reference = member.value.string {
                    body(reference, member.value.location)
                } else {
                    forEachReference(in: member.value, body)
                }
            }
        default: break
        }
    }

    /// Whether a reference names a URL (`http://`, `https://`, `//`): nothing is fetched.
    static func isURL(_ reference: String) -> Bool {
        let lowered = reference.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || reference.hasPrefix("//")
    }

    // MARK: Following references

    /// `reference` as `<file>#<pointer>`, its file resolved against `base`, the file holding it.
    func canonical(_ reference: String, from base: String) -> String {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        guard !filePart.isEmpty else { return base + "#" + pointer }
        // An absolute path is that path, however the document was named (never a path under its folder).
        if filePart.hasPrefix("/") { return Self.normalized(filePart) + "#" + pointer }
        let folder = (base as NSString).deletingLastPathComponent
        return Self.normalized((folder as NSString).appendingPathComponent(filePart)) + "#" + pointer
    }

    /// `path` with `.` and `a/..` taken out, so that one file has one name however it is reached.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// A JSON pointer's token as written in the document (`~1` is `/`, `~0` is `~`, percent-escapes decoded).
    static func pointerToken(_ raw: Substring) -> String {
        // Most tokens escape nothing; Foundation's replacing is costly in a document of thousands of references.
        guard raw.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "%") }) else {
            return String(raw)
        }
        return (String(raw).removingPercentEncoding ?? String(raw))
            .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The node a `$ref` points at, or nil after reporting why it points nowhere (an error, unless `problem` says
    /// otherwise: an example that cannot be read is left out, not an error).
    func target(
        of reference: String, at location: SourceLocation, problem: ((Diagnostic) -> Void)? = nil
    ) -> LocatedValue? {
        let report = problem ?? diagnostics.add
        if Self.isURL(reference) {
            report(.error("'$ref: \(reference)' points at a URL; import-openapi fetches nothing", at: location))
            return nil
        }
        let key = canonical(reference, from: location.file)
        let path = String(key.prefix { $0 != "#" })
        guard let document = file(path, at: location) else {
            let reason =
                unreadable[path] ?? .error("'$ref' points at '\(path)', which does not exist", at: location)
            report(reason.location.file == path ? reason : .error(reason.message, at: location, hint: reason.hint))
            return nil
        }
        guard let node = Self.follow(key, in: document) else {
            report(.error("'$ref: \(reference)' points at nothing in the document", at: location))
            return nil
        }
        return node
    }

    /// The file at `path`: read already, or read now (a file only an example names, which the read stage does not
    /// follow); nil when it cannot be read.
    private func file(_ path: String, at location: SourceLocation) -> LocatedValue? {
        if let document = files[path] { return document }
        if path == file { return root }
        guard unreadable[path] == nil, let document = read(path, at: location) else { return nil }
        files[path] = document
        return document
    }

    /// The node at a canonical key, when its file is read; nil without a diagnostic otherwise.
    func quietTarget(_ key: String) -> LocatedValue? {
        let path = String(key.prefix { $0 != "#" })
        return files[path].flatMap { Self.follow(key, in: $0) }
    }

    /// The node the pointer of `key` (after its `#`) reaches in `document`.
    private static func follow(_ key: String, in document: LocatedValue) -> LocatedValue? {
        var node = document
        let pointer = key.drop { $0 != "#" }.dropFirst()
        for rawToken in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let token = pointerToken(rawToken)
            if let member = node[token] {
                node = member
            } else if let items = node.items, let index = Int(token), items.indices.contains(index) {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }

    /// `node` with its `$ref`s followed (at most 32), or nil after reporting why not (`problem`: as for `target`).
    func resolved(_ node: LocatedValue, problem: ((Diagnostic) -> Void)? = nil) -> LocatedValue? {
        var current = node
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.string else { return current }
            guard let next = target(of: reference, at: current["$ref"]!.location, problem: problem) else { return nil }
            current = next
        }
        (problem ?? diagnostics.add)(.error("'$ref' chain is longer than 32 steps or loops", at: node.location))
        return nil
    }

    /// The canonical key of a node's `$ref`.
    func referenceKey(_ node: LocatedValue) -> String {
        canonical(node["$ref"]?.string ?? "", from: node["$ref"]?.location.file ?? file)
    }

    /// The canonical key of the component schema `name` of the root document.
    func componentKey(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return file + "#/components/schemas/" + name
        }
        return file + "#/components/schemas/"
            + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A name for the schema at a canonical reference: its pointer's last token (`Pet`, `$defs/Line`'s `Line`), else
    /// its file's name. A member of a list (`#/components/schemas/Field/properties/value/oneOf/0`) is named as it is
    /// where it is written: after what holds it, then its `title` (the target's, when given), else its place from 1
    /// (`Field_value_Boolean`, `Field_value_1`), not `0`.
    func referenceName(_ key: String, title: String? = nil) -> String {
        let parts = key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let tokens = parts.count > 1 ? parts[1].split(separator: "/").map(Self.pointerToken) : []
        guard let last = tokens.last else {
            return ((String(parts[0]) as NSString).lastPathComponent as NSString).deletingPathExtension
        }
        guard let index = Int(last), tokens.count > 1 else { return last }
        let holders = tokens.dropLast().filter { !Self.pointerKeywords.contains($0) }
        let place = title ?? String(index + 1)
        return (holders + [place]).joined(separator: "_")
    }

    /// The tokens of a JSON pointer that say where a schema sits rather than name it.
    static let pointerKeywords: Set<String> = [
        "components", "schemas", "properties", "items", "oneOf", "anyOf", "allOf", "additionalProperties", "$defs",
        "definitions", "prefixItems", "not",
    ]

    /// Whether the document is lucid-gen's own export (its `x-generated-by` names lucid-gen), whose unions say
    /// whether they are open.
    var isLucidExport: Bool { GeneratedByMark.names(root[GeneratedByMark.key]?.string) }
}
