/// Decodes an endpoint's `stream:` (a body read item by item as it arrives) and `download:` (a body written to a
/// file as it arrives).
struct TransferDecoder {
    /// The keys of `stream:`: one format key naming the items' type, and the options.
    enum StreamKey: String, SpecKeys {
        case events, jsonLines = "json_lines", jsonSeq = "json_seq", terminator, resume
        case idleTimeout = "idle_timeout", maxItemBytes = "max_item_bytes"
    }
    /// The keys of `download:` written as a mapping.
    enum DownloadKey: String, SpecKeys {
        case contentType = "content_type", maxBytes = "max_bytes", idleTimeout = "idle_timeout", resume
    }

    let context: DecodingContext

    // MARK: Streams

    /// `{ events: chat_chunk, terminator: "[DONE]" }`, `{ events: { message_start: message_start, … } }`,
    /// `{ json_lines: record }` or `{ json_seq: record }`, with `resume`, `idle_timeout` and `max_item_bytes`.
    func stream(_ node: YAMLNode, _ endpoint: String) -> StreamDescription? {
        let what = "the stream of \(endpoint)"
        guard let reader = MappingReader(node, what, keys: StreamKey.names, context: context) else { return nil }
        let formats = reader.present([StreamKey.events, .jsonLines, .jsonSeq])
        guard formats.count == 1, let key = formats.first, let itemsNode = reader[key],
            let format = StreamDescription.Format(rawValue: key.rawValue)
        else {
            context.error(
                formats.isEmpty
                    ? "\(what) needs one of 'events' (text/event-stream), 'json_lines' or 'json_seq', naming its items"
                    : "\(what) names several formats ('\(formats[0].rawValue)' and '\(formats[1].rawValue)'); write one",
                at: node.location)
            return nil
        }
        guard let (items, typeLocations) = items(itemsNode, format: format, what) else { return nil }
        var stream = StreamDescription(
            format: format, items: items, terminator: nil, maxReconnections: 0, location: node.location)
        stream.typeLocations = typeLocations
        if let terminatorNode = reader[StreamKey.terminator] { stream.terminator = terminator(terminatorNode, what) }
        if let resumeNode = reader[StreamKey.resume] {
            if format == .events {
                stream.maxReconnections =
                    resumptions(
                        resumeNode, "'resume' of \(what)", default: StreamDescription.defaultReconnections) ?? 0
            } else {
                context.error(
                    "'resume' applies only to server-sent events: a JSON sequence has no event IDs to resume after",
                    at: reader.keyLocation(StreamKey.resume) ?? node.location)
            }
        }
        stream.idleTimeout = reader[StreamKey.idleTimeout].flatMap { positive($0, "'idle_timeout' of \(what)") }
        stream.maxItemBytes = reader[StreamKey.maxItemBytes].flatMap { byteCount($0, "'max_item_bytes' of \(what)") }
            .flatMap { Int(exactly: $0) }
        return stream
    }

    /// A type for every item, or (for events) a mapping of event names to types.
    private func items(
        _ node: YAMLNode, format: StreamDescription.Format, _ what: String
    ) -> (StreamDescription.Items, [SourceLocation])? {
        if let pairs = node.mapping {
            guard format == .events else {
                context.error(
                    "the items of a '\(format.rawValue)' stream are of one type; only 'events' may name its events",
                    at: node.location)
                return nil
            }
            guard !pairs.isEmpty else {
                context.error("\(what) names no events", at: node.location, hint: "write 'event_name: type' pairs")
                return nil
            }
            var events: [StreamDescription.NamedEvent] = []
            for pair in pairs {
                guard let name = context.string(pair.key, "an event name of \(what)"),
                    let type = type(pair.value, "the type of event '\(name)' of \(what)")
                else { continue }
                guard !name.isEmpty, !name.contains(where: \.isNewline) else {
                    context.error("'\(name)' is not an event name", at: pair.key.location)
                    continue
                }
                if events.contains(where: { $0.name == name }) {
                    context.error("event '\(name)' is named twice in \(what)", at: pair.key.location)
                    continue
                }
                events.append(StreamDescription.NamedEvent(name: name, type: type, location: pair.key.location))
            }
            guard events.count == pairs.count else { return nil }
            return (.named(events), pairs.map(\.value.location))
        }
        return type(node, "the items of \(what)").map { (.type($0), [node.location]) }
    }

    private func type(_ node: YAMLNode, _ what: String) -> TypeReference? {
        guard let text = context.string(node, what) else { return nil }
        guard let parsed = TypeExpression.parse(text), !parsed.nullable else {
            context.error(
                "'\(text)' is not an item type", at: node.location,
                hint: "write a name, [T] or {string: T}; an item is never null")
            return nil
        }
        return parsed.type
    }

    /// The terminator's text; `[DONE]` written unquoted is a YAML list, so the hint says to quote it.
    private func terminator(_ node: YAMLNode, _ what: String) -> String? {
        if let items = node.sequence, items.count == 1, let text = items[0].scalar?.text {
            context.error(
                "the terminator of \(what) is a list; YAML reads [\(text)] as one", at: node.location,
                hint: "quote it: terminator: \"[\(text)]\"")
            return nil
        }
        guard let text = context.string(node, "the terminator of \(what)") else { return nil }
        guard !text.isEmpty else {
            context.error("the terminator of \(what) is empty", at: node.location)
            return nil
        }
        return text
    }

    // MARK: Downloads

    /// `true`, or `{ content_type: video/mp4, max_bytes: 2000000000, idle_timeout: 30, resume: 3 }`.
    func download(_ node: YAMLNode, _ endpoint: String) -> DownloadDescription? {
        let what = "the download of \(endpoint)"
        if node.scalar != nil {
            guard let flag = context.bool(node, what) else { return nil }
            guard flag else {
                context.error(
                    "'download' must be true or a mapping; leave it out to read the response whole",
                    at: node.location)
                return nil
            }
            return DownloadDescription(location: node.location)
        }
        guard let reader = MappingReader(node, what, keys: DownloadKey.names, context: context) else { return nil }
        var download = DownloadDescription(location: node.location)
        if let typeNode = reader[DownloadKey.contentType],
            let text = context.string(typeNode, "the content type of \(what)")
        {
            if Self.isMediaType(text) {
                download.contentType = text
            } else {
                context.error(
                    "'\(text)' is not a media type", at: typeNode.location, hint: "write type/subtype: video/mp4")
            }
        }
        download.maxBytes = reader[DownloadKey.maxBytes].flatMap { byteCount($0, "'max_bytes' of \(what)") }
        download.idleTimeout = reader[DownloadKey.idleTimeout].flatMap { positive($0, "'idle_timeout' of \(what)") }
        download.maxResumptions = reader[DownloadKey.resume].flatMap {
            resumptions($0, "'resume' of \(what)", default: 3)
        }
        return download
    }

    /// `type/subtype`, each an HTTP token (`URLSyntax.isToken`), as a header value may carry it (parameters after
    /// `;` allowed).
    static func isMediaType(_ text: String) -> Bool {
        let essence = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = essence.trimmingSpaces().split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { URLSyntax.isToken(String($0)) }
            && !text.contains(where: { $0.isNewline || $0 == "\0" })
    }

    // MARK: Values

    /// `true` (the default count), `false` (0) or a count of at least 0.
    private func resumptions(_ node: YAMLNode, _ what: String, default count: Int) -> Int? {
        if case .bool(let flag)? = node.scalar?.value { return flag ? count : 0 }
        guard let value = context.int(node, what + " (true, false or a count)") else { return nil }
        guard (0...100).contains(value) else {
            context.error("\(what) must be between 0 and 100", at: node.location)
            return nil
        }
        return value
    }

    private func positive(_ node: YAMLNode, _ what: String) -> Double? {
        guard let value = context.number(node, what) else { return nil }
        guard value > 0, value <= 86_400 * 365 else {
            context.error("\(what) must be greater than 0 seconds and at most a year", at: node.location)
            return nil
        }
        return value
    }

    private func byteCount(_ node: YAMLNode, _ what: String) -> Int64? {
        guard let value = context.int(node, what) else { return nil }
        guard value > 0 else {
            context.error("\(what) must be greater than 0", at: node.location)
            return nil
        }
        return Int64(value)
    }
}
