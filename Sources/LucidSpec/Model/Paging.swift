/// How an endpoint's next page is found (`paging`), as written: query items by their spec names, body paths
/// from the body's root. Generation hands it to the runtime's `Paging` with the query items' wire names.
public struct EndpointPaging: Sendable, Hashable, Encodable {
    /// The style and what it reads and sends.
    public enum Style: Sendable, Hashable, Encodable {
        /// `paging: link`: the `Link` header's `rel="next"` URL.
        case link
        /// `{ next_url: links.next }`: the URL at a body path.
        case nextURL(path: [String])
        /// `{ cursor: meta.next_cursor, query: cursor }`: the token at a body path, sent as the query item `query`.
        case cursor(path: [String], query: String)
        /// `{ last_item: starting_after, more: has_more }`: the last item's identifier, sent as the query item
        /// `query`, while the boolean at the body path `more` is true.
        case lastItem(query: String, more: [String])
        /// `{ offset: offset, limit: limit, total: total }`: the query item `offset` advanced by the items
        /// received; `limit` a query item, `total` a body path.
        case offset(query: String, limit: String?, total: [String]?)
        /// `{ page: page, total_pages: total_pages }`: the query item `page` advanced by one; `totalPages` a body
        /// path.
        case page(query: String, totalPages: [String]?)

        /// The style's spec key (`link`, `next_url`, `cursor`, `last_item`, `offset`, `page`).
        public var specName: String {
            switch self {
            case .link: return "link"
            case .nextURL: return "next_url"
            case .cursor: return "cursor"
            case .lastItem: return "last_item"
            case .offset: return "offset"
            case .page: return "page"
            }
        }

        /// Whether the runtime needs each page's items: to advance (offset, last item) or to end on an empty page
        /// (a page number without a page count).
        public var needsItems: Bool {
            switch self {
            case .link, .nextURL, .cursor: return false
            case .lastItem, .offset: return true
            case .page(_, let totalPages): return totalPages == nil
            }
        }

        /// The body paths the style reads, by their spec key (`next_url`, `cursor`, `more`, `total`,
        /// `total_pages`).
        public var bodyPaths: [(key: String, path: [String])] {
            switch self {
            case .link: return []
            case .nextURL(let path): return [("next_url", path)]
            case .cursor(let path, _): return [("cursor", path)]
            case .lastItem(_, let more): return [("more", more)]
            case .offset(_, _, let total): return total.map { [("total", $0)] } ?? []
            case .page(_, let totalPages): return totalPages.map { [("total_pages", $0)] } ?? []
            }
        }

        /// Encodes the dump's tagged shape: `{"style": "cursor", "path": [...], "query": "cursor"}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(specName, forKey: .style)
            switch self {
            case .link: break
            case .nextURL(let path): try container.encode(path, forKey: .path)
            case .cursor(let path, let query):
                try container.encode(path, forKey: .path)
                try container.encode(query, forKey: .query)
            case .lastItem(let query, let more):
                try container.encode(query, forKey: .query)
                try container.encode(more, forKey: .more)
            case .offset(let query, let limit, let total):
                try container.encode(query, forKey: .query)
                try container.encodeIfPresent(limit, forKey: .limit)
                try container.encodeIfPresent(total, forKey: .total)
            case .page(let query, let totalPages):
                try container.encode(query, forKey: .query)
                try container.encodeIfPresent(totalPages, forKey: .totalPages)
            }
        }

        private enum CodingKeys: String, CodingKey { case style, path, query, more, limit, total, totalPages }
    }

    /// The style.
    public var style: Style
    /// Where `paging` is written.
    public var location: SourceLocation
    /// Where each option's value is written, by its key (`offset`, `limit`, `total`, …), for validation.
    var locations: [String: SourceLocation] = [:]

    private enum CodingKeys: String, CodingKey { case style, location }

    public init(style: Style, location: SourceLocation) {
        self.style = style
        self.location = location
    }

    /// Encodes the style's tagged shape and the location.
    public func encode(to encoder: any Encoder) throws {
        try style.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
    }
}

/// The list a paged response's items are read from.
public enum PageList: Sendable, Hashable {
    /// A list of entities (`entity: { structure: array }` and the other list structures); `nullable` when the list
    /// may be missing.
    case entities(String, nullable: Bool)
    /// A plain list (`type: "[T]"`) of `element`.
    case values(TypeReference)
    /// The one list property `property` of a struct response (`items` of Spotify's `page<track>`), of `element`;
    /// `nullable` when it may be missing.
    case member(property: String, element: TypeReference, nullable: Bool)
}

extension PageList {
    /// The entity the list's items are, if they are entities.
    public var entityName: String? {
        switch self {
        case .entities(let name, _), .member(_, .entity(let name), _): return name
        case .values(.entity(let name)): return name
        case .values, .member: return nil
        }
    }
}

extension ResponseDescription {
    /// The list of a response, whose items a paged endpoint's `…Items` method yields: a list of entities, a plain
    /// list, or the only list property of a struct subtype the response answers (`subtype` finds a subtype by
    /// name, before resolution or after); nil for any other response, and for a struct with several lists.
    public func pageList(subtype: (String) -> Subtype?) -> PageList? {
        switch body {
        case .entity(let payload) where payload.structure != .single:
            return .entities(payload.entity, nullable: payload.nullable)
        case .type(.array(let element)):
            return .values(element)
        case .type(.subtype(let name)), .type(.named(let name)), .type(.generic(let name, _)):
            guard case .structure(let properties)? = subtype(name)?.kind else { return nil }
            let lists = properties.compactMap { property -> PageList? in
                guard case .array(let element) = property.type else { return nil }
                return .member(property: property.name, element: element, nullable: property.nullable)
            }
            return lists.count == 1 ? lists[0] : nil
        default:
            return nil
        }
    }
}

extension Spec {
    /// `response.pageList(subtype:)` with this spec's subtypes.
    public func pageList(of response: ResponseDescription) -> PageList? {
        response.pageList { name in subtypes.first { $0.name == name } }
    }
}

extension Endpoint {
    /// The wire name of a query item `paging` names: a declared query item's `key` when `name` is one's name,
    /// else `name` as written (a cursor's query item need not be declared).
    public func pagingWireName(_ name: String) -> String {
        query.first { $0.name == name }?.key ?? name
    }
}
