/// Decodes an endpoint's `paging`: `link`, or a mapping naming one style and its options.
struct PagingDecoder {
    /// The keys of `paging:` written as a mapping: one style key and that style's options.
    enum Key: String, SpecKeys {
        case nextURL = "next_url", cursor, query, lastItem = "last_item", more, offset, limit, total, page
        case totalPages = "total_pages"
    }
    /// The style keys, one of which a mapping holds.
    static let styleKeys: [Key] = [.nextURL, .cursor, .lastItem, .offset, .page]
    /// The options each style allows, and which it needs.
    private static let options: [Key: (allowed: [Key], required: [Key])] = [
        .nextURL: ([], []), .cursor: ([.query], [.query]), .lastItem: ([.more], [.more]),
        .offset: ([.limit, .total], []), .page: ([.totalPages], []),
    ]

    /// What each required option is, shown when it is missing.
    private static let requiredHints: [Key: String] = [
        .query:
            "name the query item the cursor is sent back as: { cursor: response_metadata.next_cursor, query: cursor }",
        .more: "give the body path of the flag saying more pages follow: { last_item: starting_after, more: has_more }",
    ]

    let context: DecodingContext

    func decode(_ node: YAMLNode, _ what: String) -> EndpointPaging? {
        let owner = "'paging' of \(what)"
        if node.scalar != nil {
            guard let text = context.string(node, owner) else { return nil }
            guard text == "link" else {
                context.error(
                    "'\(text)' is not a paging style", at: node.location,
                    hint: "write 'link', or a mapping with one of "
                        + Self.styleKeys.map { "'\($0.rawValue)'" }.joined(separator: ", "))
                return nil
            }
            return EndpointPaging(style: .link, location: node.location)
        }
        guard let reader = MappingReader(node, owner, keys: Key.names, context: context) else { return nil }
        let styles = reader.present(Self.styleKeys)
        guard styles.count == 1, let style = styles.first, let options = Self.options[style] else {
            let message =
                styles.isEmpty
                ? "\(owner) needs one of " + Self.styleKeys.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                : "\(owner) names several styles ('\(styles[0].rawValue)' and '\(styles[1].rawValue)'); write one"
            context.error(message, at: node.location)
            return nil
        }
        var valid = true
        for key in reader.present(Key.allCases) where key != style && !options.allowed.contains(key) {
            context.error(
                "'\(key.rawValue)' does not apply to '\(style.rawValue)' paging",
                at: reader.keyLocation(key) ?? node.location,
                hint: options.allowed.isEmpty
                    ? nil
                    : "'\(style.rawValue)' takes " + options.allowed.map { "'\($0.rawValue)'" }.joined(separator: ", "))
            valid = false
        }
        for key in options.required where !reader.contains(key) {
            context.error(
                "'\(style.rawValue)' paging of \(what) needs '\(key.rawValue)'", at: node.location,
                hint: Self.requiredHints[key])
            valid = false
        }
        var paging = EndpointPaging(style: .link, location: node.location)
        for key in reader.present(Key.allCases) { paging.locations[key.rawValue] = reader[key]?.location }
        func name(_ key: Key) -> String? {
            reader[key].flatMap { node in
                guard let text = context.string(node, "'\(key.rawValue)' of \(owner)") else { return nil }
                guard !text.isEmpty else {
                    context.error(
                        "'\(key.rawValue)' of \(owner) is empty; write a query item's name", at: node.location)
                    return nil
                }
                return text
            }
        }
        func path(_ key: Key) -> [String]? {
            reader[key].flatMap { node in
                context.string(node, "'\(key.rawValue)' of \(owner)").flatMap { bodyPath($0, at: node.location) }
            }
        }
        let decoded: EndpointPaging.Style?
        switch style {
        case .nextURL: decoded = path(.nextURL).map(EndpointPaging.Style.nextURL)
        case .cursor:
            decoded = path(.cursor).flatMap { at in name(.query).map { .cursor(path: at, query: $0) } }
        case .lastItem:
            decoded = name(.lastItem).flatMap { query in path(.more).map { .lastItem(query: query, more: $0) } }
        case .offset:
            let limit = name(.limit)
            let total = path(.total)
            guard reader[Key.limit] == nil || limit != nil, reader[Key.total] == nil || total != nil else { return nil }
            decoded = name(.offset).map { .offset(query: $0, limit: limit, total: total) }
        default:
            let totalPages = path(.totalPages)
            guard reader[Key.totalPages] == nil || totalPages != nil else { return nil }
            decoded = name(.page).map { .page(query: $0, totalPages: totalPages) }
        }
        guard valid, let decoded else { return nil }
        paging.style = decoded
        return paging
    }

    /// `response_metadata.next_cursor` as its keys; an empty key (`a..b`, a leading or trailing dot) is an error.
    private func bodyPath(_ text: String, at location: SourceLocation) -> [String]? {
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // `$.next` and `links[0].next` are JSONPath, which a body path is not: said rather than read as keys.
        guard !keys.contains(where: { $0.isEmpty || $0 == "$" || $0.contains("[") || $0.contains("]") }) else {
            context.error(
                "'\(text)' is not a body path", at: location,
                hint: "write the keys from the body's root separated by dots, without '$' or '[…]', such as "
                    + "response_metadata.next_cursor")
            return nil
        }
        return keys
    }
}
