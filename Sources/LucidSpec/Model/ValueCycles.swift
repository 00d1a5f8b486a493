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
        /// The owner is an instance of a generic struct (`page<node>`), whose Swift type is the generic itself.
        var inGenericInstance = false
        /// A nullable property: it can end the chain, and on a cycle is stored indirectly. Not one of a generic
        /// struct's instance: the generic is one Swift type for every use, and only some uses close a cycle.
        var breaksCycle: Bool { !inGenericInstance && (property?.nullable ?? false) }
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
        let inPlace = graph.mapValues { $0.filter { !$0.breaksCycle } }
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

    /// The nullable links whose target leads back to their owner: those inside one strongly connected component.
    private static func indirectMembers(in graph: [String: [Link]]) -> Set<Member> {
        let nullable = graph.values.joined().filter(\.breaksCycle)
        guard !nullable.isEmpty else { return [] }
        let component = components(of: graph)
        return Set(
            nullable.filter { component[$0.owner] == component[$0.target] }
                .map { Member(owner: $0.owner, name: $0.member) })
    }

    /// Each node's strongly connected component (Kosaraju's two passes, without recursion: a spec may chain
    /// thousands of types).
    private static func components(of graph: [String: [Link]]) -> [String: Int] {
        let nodes = Set(graph.keys).union(graph.values.joined().map(\.target)).sorted()
        // First pass: the order in which depth-first searches finish with each node.
        var finished: [String] = []
        var seen: Set<String> = []
        for start in nodes where seen.insert(start).inserted {
            var stack: [(node: String, next: Int)] = [(start, 0)]
            while let (node, next) = stack.last {
                let links = graph[node] ?? []
                if next < links.count {
                    stack[stack.count - 1].next += 1
                    if seen.insert(links[next].target).inserted { stack.append((links[next].target, 0)) }
                } else {
                    finished.append(node)
                    stack.removeLast()
                }
            }
        }
        // Second pass: on the reversed links, in reverse finishing order, each search finds one component.
        var reversed: [String: [String]] = [:]
        for link in graph.values.joined() { reversed[link.target, default: []].append(link.owner) }
        var component: [String: Int] = [:]
        for (index, start) in finished.reversed().enumerated() where component[start] == nil {
            component[start] = index
            var stack = [start]
            while let node = stack.popLast() {
                for owner in reversed[node] ?? [] where component[owner] == nil {
                    component[owner] = index
                    stack.append(owner)
                }
            }
        }
        return component
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
        func add(_ owner: String, _ properties: [Property], inGenericInstance: Bool = false) {
            graph[owner, default: []] += properties.compactMap { property in
                guard !property.idOnly, let target = target(property.type) else { return nil }
                return Link(
                    owner: owner, target: target, member: property.name, location: property.location,
                    property: property, inGenericInstance: inGenericInstance)
            }
        }
        for entity in spec.entities { add(entity.name, entity.properties) }
        for subtype in spec.subtypes {
            add(subtype.name, subtype.properties, inGenericInstance: subtype.instance != nil)
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
