/// A struct cannot contain itself, directly or through other structs: Swift rejects such value types.
/// Lists, maps and id-only relationships break the chain; they store the value indirectly.
struct RecursionRule {
    let context: DecodingContext
    let spec: Spec

    private struct Edge {
        var owner: String
        var target: String
        var property: Property
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
        let chain = (cycle.map { "\($0.owner).\($0.property.name)" } + [first.owner]).joined(separator: " → ")
        let throughEntity = cycle.contains { $0.property.type.relationshipEntity != nil }
        context.error(
            "'\(first.owner)' contains itself (\(chain)); Swift cannot store a value inside itself",
            at: first.property.location,
            hint: throughEntity
                ? "make one of these properties 'id_only', or a list" : "make one of these properties a list")
    }

    private func buildGraph() -> [String: [Edge]] {
        var graph: [String: [Edge]] = [:]
        func add(_ owner: String, _ properties: [Property]) {
            graph[owner, default: []] += properties.compactMap { property in
                guard !property.idOnly else { return nil }
                switch property.type {
                case .entity(let name): return Edge(owner: owner, target: name, property: property)
                case .subtype(let name) where spec.subtype(named: name)?.isStructure == true:
                    return Edge(owner: owner, target: name, property: property)
                default: return nil
                }
            }
        }
        for entity in spec.entities { add(entity.name, entity.properties + entity.metadata) }
        for subtype in spec.subtypes { add(subtype.name, subtype.properties) }
        return graph
    }
}
