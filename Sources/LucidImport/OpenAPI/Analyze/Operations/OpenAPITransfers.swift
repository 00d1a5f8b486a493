import Foundation
import LucidSpec
import LucidSupport

/// Responses never read whole: `text/event-stream`, JSON Lines and JSON text sequences → `stream:`; binary media
/// types (`image/*`, `video/*`, `audio/*`, `application/octet-stream`, `application/zip`, `application/pdf`, or a
/// `format: binary` schema) → `download:`. Read back too from what `lucid-gen openapi` writes: `x-lucid-events`
/// (named events), `x-lucid-stream` and `x-lucid-download` (the options OpenAPI has no field for).
extension OperationTranslator {
    /// A way a success response is read other than as one JSON value.
    enum DraftTransfer {
        case stream(StreamTransfer)
        case download(DraftDownload)

        /// The suffix of the endpoint that reads the response this way beside the one that reads it as JSON.
        var suffix: String {
            switch self {
            case .stream: "stream"
            case .download: "download"
            }
        }
    }

    /// A stream, and what the import is unsure of in it.
    struct StreamTransfer {
        var stream: DraftStream
        /// Named events (`x-lucid-events`), whose names lint may refuse as cases: then this stream replaces it
        /// (every item of the schema's type), or nothing when the schema is not mapped.
        var namedFallback: DraftStream??
        /// Whether `x-lucid-stream` says the options: then no terminator is guessed.
        var statesOptions = false
    }

    /// How a response's media type is read.
    enum ResponseMediaKind: Equatable {
        case json
        case stream(StreamDescription.Format)
        case binary
        /// Not read (`text/plain`, `application/xml`, `application/sdp`).
        case other
    }

    /// The media types that are files, whatever their schema says; besides them, any media type but JSON and text
    /// whose schema is `type: string, format: binary`.
    static let binaryMediaTypes: Set<String> = [
        "application/octet-stream", "application/zip", "application/pdf", "application/gzip", "application/x-tar",
        "application/x-gzip", "application/x-zip-compressed",
    ]
    static let binaryMediaFamilies = ["image/", "video/", "audio/", "font/"]

    /// `image/png; q=0.9` → `image/png`.
    static func essence(of mediaType: String) -> String {
        (mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// How the media type `key` (with its object `media`) of a response is read.
    func responseMediaKind(_ key: String, _ media: LocatedValue?) -> ResponseMediaKind {
        let essence = Self.essence(of: key)
        if let format = StreamDescription.Format.named(mediaType: essence) { return .stream(format) }
        if media?["x-lucid-download"] != nil { return .binary }
        if Self.binaryMediaTypes.contains(essence) || Self.binaryMediaFamilies.contains(where: essence.hasPrefix) {
            return .binary
        }
        if BodyMedia(key) == .json { return .json }
        let binarySchema = quietlyResolved(media?["schema"]).map(isBinarySchema) ?? false
        if binarySchema, !essence.hasPrefix("text/") { return .binary }
        return .other
    }

    /// `node` with its `$ref`s followed, or nil: nothing is reported. What only decides how a media type is read
    /// must not report a `$ref` that its conversion reports again, nor one in a media type nothing else reads (an
    /// import that did not read it did not fail on it).
    func quietlyResolved(_ node: LocatedValue?) -> LocatedValue? {
        node.flatMap { document.resolved($0, problem: { _ in }) }
    }

    /// Whether a schema is a file's bytes: `type: string, format: binary`, or 3.1's `contentMediaType` without an
    /// encoding.
    func isBinarySchema(_ schema: LocatedValue) -> Bool {
        OpenAPIScalarFormats.format(of: schema) == "binary"
            && schemas.typeNamesOf(schema).subtracting(["string"]).isEmpty
    }

    /// Whether a response's content holds a media type read as a stream or a download.
    func hasTransfer(_ response: LocatedValue) -> Bool {
        (quietlyResolved(response["content"])?.members ?? []).contains { member in
            switch responseMediaKind(member.key, quietlyResolved(member.value)) {
            case .stream, .binary: true
            case .json, .other: false
            }
        }
    }

    /// The transfers a response's content describes: its first stream media type, then one download for all its
    /// binary ones; a second stream media type is warned. `downloadFirst`: the download before the stream (read by
    /// the endpoint itself when the response has no JSON: a request asks for a stream, as OpenAI's `stream: true`
    /// or `stream_format: sse` do, and gets the file otherwise).
    func transfers(
        of response: LocatedValue, endpoint: String, downloadFirst: Bool
    ) -> [(transfer: DraftTransfer, location: SourceLocation)] {
        let members = (quietlyResolved(response["content"])?.members ?? []).filter { !$0.key.hasPrefix("x-") }
        var stream: (transfer: DraftTransfer, location: SourceLocation)?
        var binaries: [(key: String, media: LocatedValue, location: SourceLocation)] = []
        for member in members {
            guard let media = quietlyResolved(member.value) else { continue }
            switch responseMediaKind(member.key, media) {
            case .stream(let format):
                guard stream == nil else {
                    report(
                        .leftOut(
                            "response media type '\(member.key)' is not read: a response is read as one stream, the"
                                + " first of its media types", at: member.keyLocation), group: "second-stream")
                    continue
                }
                if let converted = self.stream(media, format: format, endpoint: endpoint, at: member.keyLocation) {
                    stream = (converted, member.keyLocation)
                }
            case .binary: binaries.append((member.key, media, member.keyLocation))
            case .json, .other: continue
            }
        }
        var result = stream.map { [$0] } ?? []
        if let first = binaries.first {
            let download = (transfer: DraftTransfer.download(self.download(binaries)), location: first.location)
            result.insert(download, at: downloadFirst ? 0 : result.count)
        }
        return result
    }

    // MARK: Streams

    /// `stream: { events: T }` (`json_lines`, `json_seq`) of the media type's schema; named events from
    /// `x-lucid-events`; the options from `x-lucid-stream`. Nil, with a warning, when the items' type is not mapped.
    private func stream(
        _ media: LocatedValue, format: StreamDescription.Format, endpoint: String, at location: SourceLocation
    ) -> DraftTransfer? {
        noteUnmapped(
            media, handled: ["schema", "example", "examples", "x-lucid-events", "x-lucid-stream"],
            context: "a media type")
        let hint = endpoint + (format == .events ? "_event" : "_item")
        let single = itemType(of: media, format: format, hint: hint, at: location)
        var stream = DraftStream(format: format, items: .type(single ?? ""))
        streamOptions(media["x-lucid-stream"], of: &stream, at: location)
        var transfer = StreamTransfer(stream: stream, statesOptions: media["x-lucid-stream"] != nil)
        if format == .events, let events = namedEvents(media, hint: endpoint, at: location) {
            transfer.stream.items = .named(events)
            transfer.namedFallback = .some(single != nil ? stream : nil)
        } else if single == nil {
            return nil
        }
        return .stream(transfer)
    }

    /// The type each item holds: the media type's schema (for events, the schema of each event's data), never null;
    /// `any_value` without a schema (JSON of any type: the document says no more). Nil, with a warning, when a
    /// `$ref` the schema reaches points nowhere: a stream, read since issue 40, never makes an import fail that
    /// left it out before (Mistral's `#/$defs/…` inside a media type's schema).
    private func itemType(
        of media: LocatedValue, format: StreamDescription.Format, hint: String, at location: SourceLocation
    ) -> String? {
        guard let written = media["schema"] else {
            report(
                .approximated(
                    "a stream without a schema reads each item as 'any_value' (JSON of any type); an item that is no"
                        + " JSON ends the stream with a decoding error", at: location), group: "stream-any-value")
            return schemas.anyValueName(at: location, reporting: false)
        }
        if let problem = brokenReference(in: written) {
            report(.leftOut("the stream's schema cannot be read (\(problem)); the stream is left out", at: location))
            return nil
        }
        let schema = format == .events ? eventData(written) : written
        guard let type = schemas.type(of: schema, hint: hint, at: media.location(of: "schema")) else {
            report(
                .leftOut(
                    "the items of this stream have a schema that is not mapped (see the warning at the schema); the"
                        + " stream is left out", at: location))
            return nil
        }
        if type.nullable {
            report(
                .approximated("a stream's item that may be null is read as non-null", at: media.location(of: "schema")),
                group: "nullable-item")
        }
        return type.expression
    }

    /// The schema of each event's data: `schema` itself, or, when it describes the whole server-sent event (an
    /// object of `data` beside no more than `event`, `id` and `retry`: Mistral's documents, and the shape OpenAPI
    /// 3.2's `itemSchema` gives an event), its `data`.
    private func eventData(_ schema: LocatedValue) -> LocatedValue {
        guard let object = quietlyResolved(schema), let properties = object["properties"]?.members,
            let data = properties.first(where: { $0.key == "data" }),
            properties.allSatisfy({ ["data", "event", "id", "retry"].contains($0.key) })
        else { return schema }
        return data.value
    }

    /// What is wrong with the first `$ref` reachable from `schema` that points nowhere, as the read stage says it;
    /// nil when every one points somewhere. Each target is visited once.
    private func brokenReference(in schema: LocatedValue) -> String? {
        var pending = [schema]
        var seen: Set<String> = []
        while let node = pending.popLast() {
            var problem: String?
            OpenAPIDocumentSet.forEachReference(in: node) { reference, location in
                guard problem == nil, seen.insert(document.canonical(reference, from: location.file)).inserted
                else { return }
                var failure: Diagnostic?
                if let target = document.target(of: reference, at: location, problem: { failure = $0 }) {
                    pending.append(target)
                } else {
                    problem = failure?.message ?? "'$ref: \(reference)' points nowhere"
                }
            }
            if let problem { return problem }
        }
        return nil
    }

    /// `x-lucid-events: { message_start: {$ref: …}, … }`, what `lucid-gen openapi` writes for named events: each
    /// name's type. Nil when there is none, or a schema of it is not mapped.
    private func namedEvents(
        _ media: LocatedValue, hint: String, at location: SourceLocation
    ) -> [(name: String, type: String)]? {
        guard let members = media["x-lucid-events"]?.members, !members.isEmpty else { return nil }
        var events: [(name: String, type: String)] = []
        for member in members {
            let name = SpecNameText.sanitized(member.key, prefix: "n")
            guard let type = schemas.type(of: member.value, hint: hint + "_" + name, at: member.keyLocation) else {
                report(
                    .leftOut(
                        "the named events of this stream are not read: event '\(member.key)''s schema is not"
                            + " mapped", at: member.keyLocation))
                return nil
            }
            events.append((member.key, type.expression))
        }
        return events
    }

    /// `x-lucid-stream: { terminator, resume, idle_timeout, max_item_bytes }`; a value out of the spec's range is
    /// left out, with a warning.
    private func streamOptions(_ options: LocatedValue?, of stream: inout DraftStream, at location: SourceLocation) {
        guard let options else { return }
        if let text = options["terminator"]?.string, !text.isEmpty, !text.contains(where: \.isNewline) {
            stream.terminator = text
        }
        let resume = options["resume"].flatMap(integer)
        if let resume, stream.format == .events, (0...100).contains(resume) { stream.resume = resume }
        let idle = options["idle_timeout"].flatMap(number)
        if let idle, idle > 0, idle <= 31_536_000 { stream.idleTimeout = idle }
        let limit = options["max_item_bytes"].flatMap(integer)
        if let limit, limit > 0 { stream.maxItemBytes = limit }
        let read = [
            "terminator": stream.terminator != nil, "resume": stream.resume != nil,
            "idle_timeout": stream.idleTimeout != nil, "max_item_bytes": stream.maxItemBytes != nil,
        ]
        for member in options.members ?? [] where read[member.key] != true {
            report(
                .leftOut(
                    "'\(member.key)' of 'x-lucid-stream' is not an option the spec's stream takes as written; it is"
                        + " left out", at: member.keyLocation))
        }
    }

    private func integer(_ value: LocatedValue) -> Int? {
        guard case .number(let text) = value.value else { return nil }
        return Int(text)
    }

    private func number(_ value: LocatedValue) -> Double? {
        guard case .number(let text) = value.value else { return nil }
        return Double(text)
    }

    // MARK: Downloads

    /// `download:` of one or more binary media types: the content type when there is one (several of one family,
    /// `video/mp4` and `video/webm`: `video/*`; of different families, or a range such as `*/*`: none, any type is
    /// taken and no `Accept` sent); the options from the first's `x-lucid-download`.
    private func download(_ medias: [(key: String, media: LocatedValue, location: SourceLocation)]) -> DraftDownload {
        for entry in medias {
            noteUnmapped(
                entry.media, handled: ["schema", "example", "examples", "x-lucid-download"], context: "a media type")
        }
        var download = DraftDownload()
        let types = Set(medias.map { Self.essence(of: $0.key) }).filter { DownloadDescription.isMediaType($0) }
        let families = Set(types.map { $0.split(separator: "/").first.map(String.init) ?? "" })
        if types.count == medias.count, let type = types.first, types.count == 1, !type.hasPrefix("*/") {
            download.contentType = type
        } else if types.count == medias.count, families.count == 1, let family = families.first, family != "*" {
            download.contentType = family + "/*"
        }
        guard let options = medias.first?.media["x-lucid-download"] else { return download }
        if let limit = options["max_bytes"].flatMap(integer), limit > 0 { download.maxBytes = Int64(limit) }
        if let idle = options["idle_timeout"].flatMap(number), idle > 0, idle <= 31_536_000 {
            download.idleTimeout = idle
        }
        if let resume = options["resume"].flatMap(integer), (0...100).contains(resume) { download.resume = resume }
        return download
    }

    // MARK: The terminator

    /// OpenAI ends a chat stream with `data: [DONE]`, which is no JSON, and says so only in prose: a terminator is
    /// guessed from such a text (`data: [WORD]`) in the operation's description, the response's, the items'
    /// schema's, or the descriptions of the request body's schema (a few levels down). Nil when none says it.
    func guessedTerminator(
        _ operation: LocatedValue, response: LocatedValue?
    ) -> (terminator: String, source: String)? {
        let places: [(String, [String])] = [
            (
                "the operation's description",
                [operation["summary"]?.string, operation["description"]?.string]
                    .compactMap { $0 }
            ),
            ("the response's description", [response?["description"]?.string].compactMap { $0 }),
            ("the request body's schema", requestBodyDescriptions(operation)),
        ]
        for (place, texts) in places {
            for text in texts {
                guard let range = text.range(of: #"data: \[[A-Z][A-Z_]*\]"#, options: .regularExpression) else {
                    continue
                }
                let found = String(text[range])
                return (String(found.dropFirst("data: ".count)), "the text '\(found)' in \(place)")
            }
        }
        return nil
    }

    /// The descriptions in the request body's schemas (of every media type), its properties' and their members',
    /// four levels down, each schema read once.
    private func requestBodyDescriptions(_ operation: LocatedValue) -> [String] {
        guard let body = quietlyResolved(operation["requestBody"]),
            let content = quietlyResolved(body["content"])?.members
        else { return [] }
        var texts: [String] = []
        var visited: Set<SourceLocation> = []
        for member in content {
            guard let schema = quietlyResolved(member.value)?["schema"] else { continue }
            collectDescriptions(schema, depth: 0, into: &texts, visited: &visited)
        }
        return texts
    }

    private func collectDescriptions(
        _ node: LocatedValue, depth: Int, into texts: inout [String], visited: inout Set<SourceLocation>
    ) {
        guard depth <= 5, let schema = quietlyResolved(node), visited.insert(schema.location).inserted else {
            return
        }
        if let description = schema["description"]?.string { texts.append(description) }
        var next = (schema["properties"]?.members ?? []).map(\.value)
        for key in ["allOf", "anyOf", "oneOf"] { next += schema[key]?.items ?? [] }
        if let items = schema["items"] { next.append(items) }
        for child in next { collectDescriptions(child, depth: depth + 1, into: &texts, visited: &visited) }
    }
}
