import LucidSpec

/// What a business controller's method does with its store (docs/Generated.md, "Entity store"): a call puts the
/// stored entities of its response; a call or enqueue of an endpoint that updates or deletes a stored entity
/// changes it at once and rolls the change back when the server refuses (a queued one when the router learns
/// it); a stored read answers from the store, the server or both. Without a store configured, none of it happens.
struct StoreEffectsViewModel {
    let endpoint: Endpoint
    let service: Service
    let signature: EndpointSignature
    let context: GenerationContext

    /// The method's body, given the expression that sends its resource (`try await accessor.access(…)`), the
    /// call that makes the resource, and whether the expression answers a `Fetched` (a cached call that puts).
    func body(send: String, resource: String, fetched: Bool = false) -> [String] {
        switch signature.role {
        case .read: return readBody(resource)
        case .call: return callBody(send, fetched: fetched)
        case .enqueue: return enqueueBody(send)
        case .prefetch, .pages, .stream: return [send]
        }
    }

    /// The controller's store as the method names it: through `self.` when a value is named `store`.
    var store: String { signature.hasParameter(named: "store") ? "self.store" : "store" }

    /// A local's name, different from every parameter's.
    private func local(_ name: String) -> String {
        name.freshLocal(avoiding: Set(signature.parameters.map(\.name.unescaped)))
    }

    /// Whether the response holds stored entities, which the call puts into the store.
    var putsResponse: Bool { Self.putsResponse(of: endpoint, in: service, context) }

    /// Whether `endpoint`'s response holds stored entities: its call puts them into the store, its router puts
    /// a queued answer's, its client's preview store holds its example's.
    static func putsResponse(of endpoint: Endpoint, in service: Service, _ context: GenerationContext) -> Bool {
        guard endpoint.download == nil else { return false }
        if let direct = context.directType(endpoint.response) { return context.containment.contains(direct) }
        return !PayloadViewModel(service: service, endpoint: endpoint, context: context).storedMembers.isEmpty
    }

    /// `let change = store?.remove(Movie.self, id: id)`: the change an updating or deleting endpoint makes at once.
    private var changeLine: String? {
        guard let changed = endpoint.store?.changedEntity else { return nil }
        let type = context.types.typeName(ofEntity: changed)
        let id = endpoint.params.first { $0.type == .entity(changed) && !$0.nullable }.map {
            context.naming.escapedMemberName($0.name).parameterReference
        }
        let change = "let \(local("change")) = "
        if endpoint.store?.deletes != nil, let id { return change + "\(store)?.remove(\(type).self, id: \(id))" }
        if let id {
            return change + "optimistic.flatMap { \(store)?.update(\(type).self, id: \(id), $0) }"
        }
        return change + "\(store)?.overwrite(body)"
    }

    private func callBody(_ send: String, fetched: Bool) -> [String] {
        let response = local(fetched ? "answer" : "response")
        let puts = putsResponse
        // `put` of a `Fetched` answer keeps what the store holds when the answer is the cache's.
        let returned = fetched ? response + ".response" : response
        let sent =
            puts ? ["let \(response) = \(send)", "\(store)?.put(\(response))", "return \(returned)"] : [send]
        guard let changeLine else { return sent }
        return [changeLine] + rollingBack(puts ? sent : ["return " + send])
    }

    private func enqueueBody(_ send: String) -> [String] {
        guard let changeLine else { return [send] }
        let request = local("request")
        let change = local("change")
        return [changeLine]
            + rollingBack([
                "let \(request) = \(send)",
                "if let \(change) { \(store)?.hold(\(change), until: \(request)) }",
                "return \(request)",
            ])
    }

    /// `lines` in a `do` whose error rolls the change back before it is thrown again.
    private func rollingBack(_ lines: [String]) -> [String] {
        let change = local("change")
        return ["do throws(APIError) {"] + lines.map { "    " + $0 } + [
            "} catch {",
            "    if let \(change) { \(store)?.rollBack(\(change)) }",
            "    throw error",
            "}",
        ]
    }

    /// `StoredRead(id: id, …) { try await self.fetchMovie(id: id).movie }`, or `StoredRead(answering: resource, …)`
    /// for a list, or an entity no value identifies; without a store (`storeless`: the protocol's default, for a
    /// stub) `StoredRead(policy:stored:)`, which asks the server whatever the policy.
    func readBody(_ resource: String, storeless: Bool = false) -> [String] {
        guard let read = context.spec.storedRead(of: endpoint) else { return [] }
        let names = context.names
        let call = SwiftNaming.escaped(names.method(endpoint, in: service.name))
        let forwarded = signature.parameters.filter { $0.name != "policy" }
            .map { "\($0.name.argumentLabel): \($0.name.parameterReference)" }
        var member = ""
        if context.directType(endpoint.response) == nil,
            let name = PayloadViewModel(service: service, endpoint: endpoint, context: context).storedMembers.first
        {
            member = "." + name
        }
        let id = endpoint.params.first { $0.type == .entity(read.entity) && !$0.nullable }
        let source =
            if storeless {
                "policy: policy, stored: { nil }"
            } else if let id, !read.isList {
                "id: \(context.naming.escapedMemberName(id.name).parameterReference)"
            } else { "answering: \(resource)" }
        return [
            // A closure's typed throws is not inferred from its context (Swift 6.0): it says so.
            "StoredRead(\(source)\(storeless ? "" : ", policy: policy, store: \(store)")) { () async throws(APIError) in",
            "    try await self.\(call)(\(forwarded.joined(separator: ", ")))\(member)",
            "}",
        ]
    }
}
