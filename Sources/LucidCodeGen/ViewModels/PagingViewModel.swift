import LucidSpec

/// What a paged endpoint's methods pass the runtime: its `Paging` value, and closures reading a page's list (the
/// number of items, the last item's identifier) from the typed response; and, when the response is a list, the
/// type of its items and how the `…Items` method picks them.
struct PagingViewModel {
    let endpoint: Endpoint
    let paging: EndpointPaging
    let context: GenerationContext
    /// The list a page's items are read from; found once, as every closure and method reads it.
    let pageList: PageList?
    /// The response's list member (`movies`, or `items` of a struct page), whether it may be nil, and its items'
    /// Swift type; nil when the response has no list.
    let list: (member: String, optional: Bool, itemType: String)?

    init?(_ endpoint: Endpoint, context: GenerationContext) {
        guard let paging = endpoint.paging else { return nil }
        (self.endpoint, self.paging, self.context) = (endpoint, paging, context)
        pageList = context.spec.pageList(of: endpoint.response)
        list = Self.list(pageList, of: endpoint, context: context)
    }

    /// `.pageNumber(parameter: "page", totalPages: ["data", "total_pages"])`: the runtime's `Paging`, with the
    /// query items' wire names.
    var pagingExpression: String {
        func wire(_ name: String) -> String { SwiftLiteral.string(endpoint.pagingWireName(name)) }
        func path(_ keys: [String]) -> String { "[" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]" }
        switch paging.style {
        case .link: return ".linkHeader"
        case .nextURL(let at): return ".nextURL(at: \(path(at)))"
        case .cursor(let at, let query): return ".cursor(at: \(path(at)), parameter: \(wire(query)))"
        case .lastItem(let query, let more): return ".lastItem(parameter: \(wire(query)), more: \(path(more)))"
        case .offset(let query, let limit, let total):
            return ".offset(parameter: \(wire(query)), limit: \(limit.map(wire) ?? "nil"), "
                + "total: \(total.map(path) ?? "nil"))"
        case .page(let query, let totalPages):
            return ".pageNumber(parameter: \(wire(query)), totalPages: \(totalPages.map(path) ?? "nil"))"
        }
    }

    private static func list(
        _ pageList: PageList?, of endpoint: Endpoint, context: GenerationContext
    ) -> (member: String, optional: Bool, itemType: String)? {
        /// The payload's member holding a list response's body (`movies`).
        var payloadContent: String? {
            let members = context.names.payloadBodyMembers(of: endpoint.response) {
                context.entities[$0]?.metadata.isEmpty == false
            }
            return members.content.map(SwiftNaming.escaped)
        }
        switch pageList {
        case .member(let property, let element, let nullable):
            // A struct page answered inside a payload (beside headers, say) is its `value`: `value.items`.
            var member = context.naming.escapedMemberName(property)
            if context.directType(endpoint.response) == nil, let content = payloadContent {
                member = content + "." + member
            }
            return (member, nullable, context.types.valueType(element))
        case .entities(let name, let nullable):
            guard let content = payloadContent else { return nil }
            return (content, nullable, context.types.typeName(ofEntity: name))
        case .values(let element):
            guard let content = payloadContent else { return nil }
            return (content, false, context.types.valueType(element))
        case nil:
            return nil
        }
    }

    /// `{ $0.movies.count }`: a page's number of items, whenever the response is a list (every style ends on an
    /// empty page).
    var countClosure: String? {
        guard let list else { return nil }
        return list.optional ? "{ $0.\(list.member)?.count ?? 0 }" : "{ $0.\(list.member).count }"
    }

    /// `{ $0.customers.last?.id.parameterText }`: the last item's identifier, for `last_item` paging.
    var lastIdentifierClosure: String? {
        guard case .lastItem = paging.style, let list,
            let name = pageList?.entityName
        else { return nil }
        let nullableID = context.entities[name]?.identifierNullable == true
        return "{ $0.\(list.member)\(list.optional ? "?" : "").last?.id\(nullableID ? "?" : "").parameterText }"
    }

    /// `{ $0.movies }`: the items of a page, for `…Items`.
    var itemsClosure: String? {
        guard let list else { return nil }
        return list.optional ? "{ $0.\(list.member) ?? [] }" : "{ $0.\(list.member) }"
    }

    /// The `…Items` method the controller and the client both declare: its name, its items' type, the closure
    /// picking a page's items and the local holding the pages, named unlike every parameter in
    /// `parameterNames`. Nil when the response is no list.
    func itemsMethod(avoiding parameterNames: Set<String>) -> [String: MustacheValue]? {
        guard let list, let pick = itemsClosure else { return nil }
        return [
            "name": .string(SwiftNaming.escaped(context.names.itemsMethod(endpoint))),
            "itemType": .string(list.itemType),
            "pick": .string(pick),
            "local": .string("pages".freshLocal(avoiding: parameterNames)),
        ]
    }
}
