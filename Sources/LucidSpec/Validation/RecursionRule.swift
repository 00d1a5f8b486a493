/// A struct cannot contain itself, directly or through other structs or unions: Swift rejects such value types.
/// Lists, maps and id-only relationships break the chain; they store the value indirectly.
struct RecursionRule {
    let context: DecodingContext
    let spec: Spec

    /// `owner.member` holds a `target` in place: a property, or a union's case.
    private struct Edge {
        var owner: String
        var target: String
        var member: String
        var location: SourceLocation
        /// The member is a relationship to an entity, which `id_only` would break.
        var isRelationship: Bool
    }

    private enum Mark { case visiting, done }

    func check() {
        let graph = buildGraph()
        var marks: [String: Mark] = [:]
        var stack: [Edge] = []
        for start in graph.keys.sorted() where marks[start] == nil {
            visit(start, graph: graph, marks: &marks, stack: &stack)
        }
    }

    /// Depth-first search; an edge back to a node still being visited closes a cycle (each reported once).
    private func visit(_ node: String, graph: [String: [Edge]], marks: inout [String: Mark], stack: inout [Edge]) {
        marks[node] = .visiting
        for edge in graph[node] ?? [] {
            switch marks[edge.target] {
            case .visiting?:
                let cycle = stack.drop { $0.owner != edge.target } + [edge]
                report(Array(cycle))
            case nil:
                stack.append(edge)
                visit(edge.target, graph: graph, marks: &marks, stack: &stack)
                stack.removeLast()
            case .done?:
                break
            }
        }
        marks[node] = .done
    }

    private func report(_ cycle: [Edge]) {
        guard let first = cycle.first else { return }
        let chain = (cycle.map { "\($0.owner).\($0.member)" } + [first.owner]).joined(separator: " → ")
        let throughEntity = cycle.contains(where: \.isRelationship)
        context.error(
            "'\(first.owner)' contains itself (\(chain)); Swift cannot store a value inside itself",
            at: first.location,
            hint: throughEntity
                ? "make one of these properties 'id_only', or a list" : "make one of these properties a list")
    }

    private func buildGraph() -> [String: [Edge]] {
        var graph: [String: [Edge]] = [:]
        // Structs and unions hold their values in place; enums and option sets hold none.
        let holders = Set(spec.subtypes.filter { $0.isStructure || $0.union != nil }.map(\.name))
        func edge(_ owner: String, _ member: String, _ type: TypeReference, at location: SourceLocation) -> Edge? {
            switch type {
            case .entity(let name):
                return Edge(owner: owner, target: name, member: member, location: location, isRelationship: true)
            case .subtype(let name) where holders.contains(name):
                return Edge(owner: owner, target: name, member: member, location: location, isRelationship: false)
            default: return nil
            }
        }
        func add(_ owner: String, _ properties: [Property]) {
            graph[owner, default: []] += properties.compactMap { property in
                property.idOnly ? nil : edge(owner, property.name, property.type, at: property.location)
            }
        }
        for entity in spec.entities {
            add(entity.name, entity.properties)
            add(entity.name, entity.metadata)
        }
        for subtype in spec.subtypes {
            add(subtype.name, subtype.properties)
            for unionCase in subtype.union?.cases ?? [] {
                if let edge = edge(subtype.name, unionCase.name, unionCase.type, at: unionCase.location) {
                    graph[subtype.name, default: []].append(edge)
                }
            }
        }
        return graph
    }
}
