/// Where the spec's types hold values of their own type, directly or through other types.
///
/// Structs (entities, struct subtypes) and unions hold their members' values in place; an entity, struct or union
/// type inside another is a link from its owner to that type. An entity's metadata is a struct the entity does
/// not hold, so it closes no cycle: it may hold its entity. Lists, maps and `id_only`
/// relationships hold their values indirectly, so they are no links. A cycle of links is allowed when one of
/// them is a nullable property: the generated code stores the nullable properties on a cycle indirectly
/// (`@Indirect`), so the value stays finite. A cycle without one would be an infinite value.
public struct ValueCycles: Sendable {
    /// A property whose value the generated code stores indirectly: `owner` is an entity or a struct subtype.
    public struct Member: Hashable, Sendable {
        public var owner: String
        public var name: String

        public init(owner: String, name: String) {
            self.owner = owner
            self.name = name
        }
    }

    /// `owner.member` holds a `target` in place: a property, or a union's case.
    struct Link {
        var owner: String
        var target: String
        var member: String
        var location: SourceLocation
        /// The member is a property (not a union's case).
        var property: Property?
        /// A nullable property: it can end the chain, and on a cycle is stored indirectly.
        var isNullable: Bool { property?.nullable ?? false }
    }

    private let graph: [String: [Link]]
    /// The nullable properties on a cycle.
    public let indirectMembers: Set<Member>

    public init(spec: Spec) {
        graph = Self.buildGraph(spec)
        indirectMembers = Self.indirectMembers(in: graph)
    }

    /// Whether the property `name` of `owner` (an entity or a struct subtype) is stored indirectly.
    public func isIndirect(_ name: String, of owner: String) -> Bool {
        !indirectMembers.isEmpty && indirectMembers.contains(Member(owner: owner, name: name))
    }

    /// The cycles no nullable property breaks (each reported once), as the links in order from their first
    /// owner back to it.
    func infiniteCycles() -> [[Link]] {
        let inPlace = graph.mapValues { $0.filter { !$0.isNullable } }
        var marks: [String: Bool] = [:]  // false: being visited, true: done
        var stack: [Link] = []
        var cycles: [[Link]] = []
        func visit(_ node: String) {
            marks[node] = false
            for link in inPlace[node] ?? [] {
                switch marks[link.target] {
                case false?:
                    cycles.append(Array(stack.drop { $0.owner != link.target } + [link]))
                case nil:
                    stack.append(link)
                    visit(link.target)
                    stack.removeLast()
                case true?:
                    break
                }
            }
            marks[node] = true
        }
        for start in inPlace.keys.sorted() where marks[start] == nil { visit(start) }
        return cycles
    }

    /// The nullable links whose target leads back to their owner.
    private static func indirectMembers(in graph: [String: [Link]]) -> Set<Member> {
        var members: Set<Member> = []
        var reachable: [String: Set<String>] = [:]
        func reach(from start: String) -> Set<String> {
            if let known = reachable[start] { return known }
            var seen: Set<String> = [start]
            var queue = [start]
            while let node = queue.popLast() {
                for link in graph[node] ?? [] where seen.insert(link.target).inserted { queue.append(link.target) }
            }
            reachable[start] = seen
            return seen
        }
        for links in graph.values {
            for link in links where link.isNullable && reach(from: link.target).contains(link.owner) {
                members.insert(Member(owner: link.owner, name: link.member))
            }
        }
        return members
    }

    private static func buildGraph(_ spec: Spec) -> [String: [Link]] {
        var graph: [String: [Link]] = [:]
        // Structs and unions hold their values in place; enums and option sets hold none.
        let holders = Set(spec.subtypes.filter { $0.isStructure || $0.union != nil }.map(\.name))
        func target(_ type: TypeReference) -> String? {
            switch type {
            case .entity(let name): return name
            case .subtype(let name) where holders.contains(name): return name
            default: return nil
            }
        }
        func add(_ owner: String, _ properties: [Property]) {
            graph[owner, default: []] += properties.compactMap { property in
                guard !property.idOnly, let target = target(property.type) else { return nil }
                return Link(
                    owner: owner, target: target, member: property.name, location: property.location,
                    property: property)
            }
        }
        for entity in spec.entities { add(entity.name, entity.properties) }
        for subtype in spec.subtypes {
            add(subtype.name, subtype.properties)
            for unionCase in subtype.union?.cases ?? [] {
                if let target = target(unionCase.type) {
                    graph[subtype.name, default: []].append(
                        Link(
                            owner: subtype.name, target: target, member: unionCase.name,
                            location: unionCase.location, property: nil))
                }
            }
        }
        return graph
    }
}
