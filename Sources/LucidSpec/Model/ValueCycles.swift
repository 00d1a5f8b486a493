/// Where the spec's types hold values of their own type, directly or through other types.
///
/// Structs (entities, struct subtypes) and unions hold their members' values in place; an entity, struct or union
/// type inside another is a link from its owner to that type. An entity's metadata is a struct the entity does
/// not hold, so it closes no cycle: it may hold its entity. Lists, maps and `id_only`
/// relationships hold their values indirectly, so they are no links. A cycle of links is allowed when one of
/// them is a nullable property or a union's case: the generated code stores the nullable properties on a cycle
/// (`@Indirect`) and the union cases on one (`indirect case`) out of line, so the value stays finite. Two kinds of
/// cycle stay refused: one through non-nullable properties only would be an infinite value, and one through
/// unions' cases only is a union that is its own case, which decoding would try on the same JSON value without
/// end (every other cycle passes through a property, so each turn of it reads a key deeper into the body).
public struct ValueCycles: Sendable {
    /// A property or a union's case whose value the generated code stores indirectly: `owner` is an entity, a
    /// struct subtype or a union.
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
        /// The member is a property; nil for a union's case.
        var property: Property?
        /// The owner is an instance of a generic struct (`page<node>`), whose Swift type is the generic itself.
        var inGenericInstance = false
        /// The member is a union's case.
        var isUnionCase: Bool { property == nil }
        /// A nullable property or a union's case: it can end the chain, and on a cycle is stored indirectly. Not a
        /// property of a generic struct's instance: the generic is one Swift type for every use, and only some uses
        /// close a cycle.
        var breaksCycle: Bool {
            guard let property else { return true }
            return !inGenericInstance && property.nullable
        }
    }

    private let graph: [String: [Link]]
    /// The nullable properties and the union cases on a cycle.
    public let indirectMembers: Set<Member>

    public init(spec: Spec) {
        graph = Self.buildGraph(spec)
        indirectMembers = Self.indirectMembers(in: graph)
    }

    /// Whether the property or union case `name` of `owner` (an entity, a struct subtype or a union) is stored
    /// indirectly.
    public func isIndirect(_ name: String, of owner: String) -> Bool {
        !indirectMembers.isEmpty && indirectMembers.contains(Member(owner: owner, name: name))
    }

    /// Whether `owner` stores a member indirectly: it holds itself, and its decoding bounds how deep it nests.
    public func holdsItself(_ owner: String) -> Bool {
        !indirectMembers.isEmpty && indirectMembers.contains { $0.owner == owner }
    }

    /// The cycles no nullable property or union case breaks (each reported once), as the links in order from
    /// their first owner back to it: values that would be infinite.
    func infiniteCycles() -> [[Link]] {
        Self.cycles(in: graph.mapValues { $0.filter { !$0.breaksCycle } })
    }

    /// The cycles through unions' cases alone: a union that is its own case, directly or through other unions.
    func unionCaseCycles() -> [[Link]] {
        Self.cycles(in: graph.mapValues { $0.filter(\.isUnionCase) })
    }

    /// A cycle through each link that closes one in a depth-first search (so each cycle is reported once, and a
    /// cycle that shares its links with another is not reported twice), without recursion: a spec may chain
    /// thousands of types.
    private static func cycles(in graph: [String: [Link]]) -> [[Link]] {
        var marks: [String: Bool] = [:]  // false: on the search's path, true: done
        var cycles: [[Link]] = []
        for start in graph.keys.sorted() where marks[start] == nil {
            marks[start] = false
            var stack: [(node: String, next: Int)] = [(start, 0)]
            var path: [Link] = []  // path[i] leads from stack[i] to stack[i + 1]
            while let (node, next) = stack.last {
                let links = graph[node] ?? []
                guard next < links.count else {
                    marks[node] = true
                    stack.removeLast()
                    if !stack.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let link = links[next]
                switch marks[link.target] {
                case false?:
                    cycles.append(Array(path.drop { $0.owner != link.target } + [link]))
                case nil:
                    marks[link.target] = false
                    path.append(link)
                    stack.append((link.target, 0))
                case true?:
                    break
                }
            }
        }
        return cycles
    }

    /// The nullable properties and union cases whose target leads back to their owner: those inside one strongly
    /// connected component.
    private static func indirectMembers(in graph: [String: [Link]]) -> Set<Member> {
        let breaking = graph.values.joined().filter(\.breaksCycle)
        guard !breaking.isEmpty else { return [] }
        let component = components(of: graph)
        return Set(
            breaking.filter { component[$0.owner] == component[$0.target] }
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
