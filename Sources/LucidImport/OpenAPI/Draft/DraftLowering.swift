import Foundation
import LucidSpec

/// A draft as the spec document `SpecWriter` writes: the import's layout (definitions a blank line apart, a
/// property written on one line unless it has a description) and each entry's origin in the document.
extension SpecDraft {
    /// The header's first line: every converted spec begins with `OpenAPIImporter.header`.
    var headerLines: [String] {
        [
            String(OpenAPIImporter.header.dropFirst(2)) + " from " + source + ".",
            "Each construct the spec has no equivalent for was reported as a warning"
                + (hasGuess ? "; '# TODO' marks a guess." : "."),
        ]
    }

    /// The spec document; `examples` says whether endpoints name their example files.
    func document(examples: Bool = true) -> SpecDocument {
        var root: [SpecEntry] = [SpecEntry("lucid", .literal("1")), SpecEntry("module", .literal(module))]
        if let errorPayload { root.append(SpecEntry("error_payload", .text(errorPayload))) }
        if !services.isEmpty {
            root.append(server.entry)
            if !authSchemes.isEmpty { root.append(SpecEntry("auth", .block(authSchemes.map(\.entry)))) }
        }
        let subtypes = types.filter { !$0.isEntity }
        if !subtypes.isEmpty { root.append(SpecEntry("subtypes", .block(Self.separated(subtypes.map(\.entry))))) }
        let entities = types.filter(\.isEntity)
        if !entities.isEmpty { root.append(SpecEntry("entities", .block(Self.separated(entities.map(\.entry))))) }
        if !services.isEmpty {
            let entries = services.map { $0.entry(examples: examples) }
            root.append(SpecEntry("services", .block(Self.separated(entries))))
        }
        return SpecDocument(header: headerLines, root: SpecMapping(root))
    }

    /// `entries`, each after the first a blank line after the one before.
    static func separated(_ entries: [SpecEntry]) -> [SpecEntry] {
        entries.enumerated().map { index, entry in
            var entry = entry
            entry.blankLineBefore = index > 0
            return entry
        }
    }
}

extension DraftServer {
    var entry: SpecEntry {
        switch self {
        case .placeholder:
            return SpecEntry(
                "servers",
                .block([
                    SpecEntry(
                        "api", .literal(ImportedSpec.placeholderServer),
                        trailingComment: "TODO: the document names no server")
                ]))
        case .url(let url, let comment):
            return SpecEntry("servers", .block([SpecEntry("api", .text(url), trailingComment: comment)]))
        case .variables(let url, let comment, let variables):
            let entries = variables.map { variable in
                var pairs: [SpecEntry] = []
                if let description = variable.description, DraftType.said(description) != nil {
                    pairs.append(SpecEntry("description", .quoted(description)))
                }
                if !variable.values.isEmpty {
                    pairs.append(SpecEntry("enum", .flowList(variable.values.map(SpecValue.quoted))))
                }
                if let value = variable.defaultValue { pairs.append(SpecEntry("default", .quoted(value))) }
                return SpecEntry(variable.name, .flow(pairs))
            }
            let api = SpecEntry(
                "api",
                .block([
                    SpecEntry("url", .text(url), trailingComment: comment), SpecEntry("variables", .block(entries)),
                ]))
            return SpecEntry("servers", .block([api]))
        }
    }
}

extension DraftAuthScheme {
    var entry: SpecEntry {
        switch kind {
        case .bearer: return SpecEntry(name, .literal("bearer"), origin: origin)
        case .basic: return SpecEntry(name, .literal("basic"), origin: origin)
        case .key(let place, let key):
            let pairs = [SpecEntry("in", .literal(place)), SpecEntry("name", .quoted(key))]
            return SpecEntry(name, .flow(pairs), origin: origin)
        }
    }
}

extension DraftType {
    var entry: SpecEntry {
        var entries: [SpecEntry] = []
        if let description = Self.said(description) { entries.append(SpecEntry("description", .text(description))) }
        if deprecated { entries.append(SpecEntry("deprecated", .bool(true))) }
        switch kind {
        case .structure(let structure):
            if let generic = structure.generic { entries.append(SpecEntry("generic", .literal(generic))) }
            if let identifier = structure.identifier {
                entries.append(SpecEntry("identifier", .flow([SpecEntry("property", .text(identifier))])))
            }
            entries.append(SpecEntry("properties", .block(structure.properties.map(\.entry))))
        case .enumeration(let enumeration):
            entries.append(SpecEntry("cases", .blockList(enumeration.cases.map(\.item))))
            if enumeration.unknown { entries.append(SpecEntry("unknown", .bool(true))) }
        case .union(let union):
            if let discriminator = union.discriminator {
                entries.append(SpecEntry("discriminator", .text(discriminator)))
                if union.unknown { entries.append(SpecEntry("unknown", .bool(true))) }
            }
            entries.append(SpecEntry("one_of", union.casesValue))
        case .optionSet(let names):
            entries.append(SpecEntry("options", .flowList(names.map(SpecValue.text))))
        }
        return SpecEntry(name, .block(entries), comments: reason.map { [$0] } ?? [], origin: origin)
    }

    /// A description as written, surrounding white space trimmed.
    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// A description trimmed, nil when that leaves nothing (`description: ""` says nothing, and is not written).
    static func said(_ text: String?) -> String? { text.map(trimmed).flatMap { $0.isEmpty ? nil : $0 } }
}

extension DraftEnum.Case {
    /// `- value`, or `- { name: n, value: "v", description: d }`.
    var item: SpecValue {
        let description = DraftType.said(description)
        guard name != value || description != nil else { return .text(value) }
        var pairs = [SpecEntry("name", .text(name))]
        if name != value { pairs.append(SpecEntry("value", .quoted(value))) }
        if let description { pairs.append(SpecEntry("description", .text(description))) }
        return .flow(pairs)
    }
}

extension DraftUnion {
    /// `[a, b]` for an untagged union whose cases are named like their types, else a case per line.
    var casesValue: SpecValue {
        if discriminator == nil, cases.allSatisfy({ $0.name == $0.type && $0.value == nil }) {
            return .flowList(cases.map { .text($0.name) })
        }
        return .block(
            cases.map { unionCase in
                guard let value = unionCase.value else { return SpecEntry(unionCase.name, .text(unionCase.type)) }
                return SpecEntry(
                    unionCase.name,
                    .flow([SpecEntry("type", .text(unionCase.type)), SpecEntry("value", .quoted(value))]))
            })
    }
}

extension DraftProperty {
    /// `name: type`, `name: { type: T, key: k }`, or a block ending with its description.
    var entry: SpecEntry {
        var pairs: [SpecEntry] = []
        switch key {
        case .path(let path)?:
            pairs.append(SpecEntry("key", path.contains(".") ? .flowList([.text(path)]) : .text(path)))
        case .wire(let name)?:
            pairs.append(SpecEntry("key", .quoted(name)))
        case nil: break
        }
        if nullable { pairs.append(SpecEntry("nullable", .bool(true))) }
        if lenient { pairs.append(SpecEntry("lenient", .bool(true))) }
        if failableItems { pairs.append(SpecEntry("failable_items", .bool(true))) }
        if let format { pairs.append(SpecEntry("format", .text(format))) }
        if let defaultValue { pairs.append(SpecEntry("default", defaultValue)) }
        if let style { pairs.append(SpecEntry("style", .literal(style))) }
        if deprecated { pairs.append(SpecEntry("deprecated", .bool(true))) }
        let type = SpecEntry("type", .text(self.type))
        guard let description = DraftType.said(description) else {
            return SpecEntry(name, pairs.isEmpty ? .text(self.type) : .flow([type] + pairs), origin: origin)
        }
        let text = SpecEntry("description", .text(description))
        return SpecEntry(name, .block([type] + pairs + [text]), origin: origin)
    }
}

extension DraftService {
    func entry(examples: Bool) -> SpecEntry {
        var entries: [SpecEntry] = []
        if let description, DraftType.said(description) != nil {
            entries.append(SpecEntry("description", .text(description)))
        }
        let endpoints = self.endpoints.map { $0.entry(example: examples) }
        entries.append(SpecEntry("endpoints", .block(SpecDraft.separated(endpoints))))
        return SpecEntry(name, .block(entries))
    }
}

extension DraftEndpoint {
    func entry(example writesExample: Bool) -> SpecEntry {
        var entries = [SpecEntry(method, .text(path))]
        if let description = DraftType.said(description) {
            entries.append(SpecEntry("description", .text(description)))
        }
        if deprecated { entries.append(SpecEntry("deprecated", .bool(true))) }
        if let auth { entries.append(SpecEntry("auth", Self.authValue(auth))) }
        for (key, items) in [("params", params), ("query", query), ("headers", headers)] where !items.isEmpty {
            entries.append(SpecEntry(key, .block(items.map(\.entry))))
        }
        if !fixedQuery.isEmpty {
            entries.append(SpecEntry("fixed_query", .flow(fixedQuery.map { SpecEntry($0.name, .quoted($0.value)) })))
        }
        if let body { entries.append(SpecEntry("body", body.value)) }
        if let response, let value = response.value { entries.append(SpecEntry("response", value)) }
        if let stream {
            let comments = stream.terminatorSource.map { ["terminator: guessed from \($0); check it"] } ?? []
            entries.append(SpecEntry("stream", stream.value, comments: comments))
        }
        if let download { entries.append(SpecEntry("download", download.value)) }
        if let paging {
            entries.append(
                SpecEntry("paging", paging.value, comments: ["paging: guessed from \(paging.source); check it"]))
        }
        if writesExample, let example { entries.append(SpecEntry("example", .text(example))) }
        return SpecEntry(name, .block(entries), origin: origin)
    }
}

extension DraftEndpoint {
    /// `auth: a`, `auth: [a, b]` (sent together), `auth: { any_of: [[a, b], c, none] }` (alternatives).
    static func authValue(_ alternatives: [[String]]) -> SpecValue {
        func set(_ names: [String]) -> SpecValue {
            switch names.count {
            case 0: return .literal("none")
            case 1: return .literal(names[0])
            default: return .flowList(names.map(SpecValue.literal))
            }
        }
        if alternatives.count == 1 { return set(alternatives[0]) }
        return .flow([SpecEntry("any_of", .flowList(alternatives.map(set)))])
    }
}

extension DraftBody {
    var value: SpecValue {
        switch self {
        case .json(let type): return .text(type)
        case .raw(let contentType):
            var pairs = [SpecEntry("raw", .bool(true))]
            if let contentType { pairs.append(SpecEntry("content_type", .text(contentType))) }
            return .flow(pairs)
        case .form(let type, let multipart, let lists):
            var pairs = [SpecEntry(multipart ? "multipart" : "form", .text(type))]
            if let lists { pairs.append(SpecEntry("form_lists", .literal(lists))) }
            return .flow(pairs)
        case .file(let contentType):
            return .flow([SpecEntry("file", .text(contentType))])
        }
    }
}

extension DraftStream {
    /// `{ events: T, terminator: "[DONE]" }`; named events as a block, `events: { name: T, … }` written out.
    var value: SpecValue {
        let items: SpecValue
        switch self.items {
        case .type(let type): items = .text(type)
        case .named(let events): items = .block(events.map { SpecEntry($0.name, .text($0.type)) })
        }
        var pairs = [SpecEntry(format.rawValue, items)]
        if let terminator { pairs.append(SpecEntry("terminator", .quoted(terminator))) }
        if let resume { pairs.append(SpecEntry("resume", .literal(String(resume)))) }
        if let idleTimeout { pairs.append(SpecEntry("idle_timeout", .literal(Self.number(idleTimeout)))) }
        if let maxItemBytes { pairs.append(SpecEntry("max_item_bytes", .literal(String(maxItemBytes)))) }
        if case .named = self.items { return .block(pairs) }
        return .flow(pairs)
    }

    /// `30`, not `30.0`; `2.5` as it is.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension DraftDownload {
    /// `true` when it says nothing more; else `{ content_type: T, max_bytes: N, idle_timeout: S, resume: R }`.
    var value: SpecValue {
        var pairs: [SpecEntry] = []
        if let contentType { pairs.append(SpecEntry("content_type", .text(contentType))) }
        if let maxBytes { pairs.append(SpecEntry("max_bytes", .literal(String(maxBytes)))) }
        if let idleTimeout { pairs.append(SpecEntry("idle_timeout", .literal(DraftStream.number(idleTimeout)))) }
        if let resume { pairs.append(SpecEntry("resume", .literal(String(resume)))) }
        return pairs.isEmpty ? .bool(true) : .flow(pairs)
    }
}

extension DraftResponse {
    /// `{ type: T, format: F, optional: true }`, or a block with `headers`; nil when there is nothing to say.
    var value: SpecValue? {
        var pairs: [SpecEntry] = []
        if let type {
            pairs.append(SpecEntry("type", .text(type)))
            if let format { pairs.append(SpecEntry("format", .text(format))) }
            if optional { pairs.append(SpecEntry("optional", .bool(true))) }
        }
        if headers.isEmpty { return pairs.isEmpty ? nil : .flow(pairs) }
        return .block(pairs + [SpecEntry("headers", .block(headers.map(\.entry)))])
    }
}
