import LucidSpec

/// Recursion: a type that holds itself in line through required properties alone (a `Person` requiring its
/// `partner`) is an infinite value to Swift, which the spec refuses. JSON ends such chains somewhere (a null), so each
/// such cycle is broken at its last property: that property becomes nullable, with a warning. A cycle through a
/// union's case (`BinOp.left` is an `Expr`, one of whose cases is `BinOp`) is no such value: the union stores that
/// case out of line, and the properties stay required.
enum CycleBreaking {
    /// A type holding another in line: a non-nullable property of a struct or entity (which can be made nullable),
    /// or a case of a union (which cannot).
    struct Edge {
        var owner: String
        var target: String
        /// The property's place (its type's index in the draft, its index there) and JSON key; nil for a case.
        var property: (type: Int, index: Int, key: String)?
        var location: SourceLocation?
    }

    /// What each struct, entity and union of `draft` holds in line (not in a list, a map or a nullable property), in
    /// the order the types were made.
    static func edges(_ draft: SpecDraft) -> [Edge] {
        var edges: [Edge] = []
        for (typeIndex, type) in draft.types.enumerated() {
            switch type.kind {
            case .structure(let structure) where !structure.multipartBody:
                for (index, property) in structure.properties.enumerated() where !property.nullable {
                    guard !property.type.hasPrefix("["), !property.type.hasPrefix("{") else { continue }
                    let key: String
                    if case .path(let path)? = property.key { key = path } else { key = property.name }
                    edges.append(
                        Edge(
                            owner: type.name, target: property.type, property: (typeIndex, index, key),
                            location: property.origin))
                }
            case .union(let union):
                for unionCase in union.cases where !unionCase.type.hasPrefix("[") && !unionCase.type.hasPrefix("{") {
                    edges.append(Edge(owner: type.name, target: unionCase.type, location: type.origin))
                }
            default: break
            }
        }
        return edges
    }

    /// The properties to make nullable so that no cycle is left: for each cycle found (depth first, in the order the
    /// types were made), its last property.
    static func brokenEdges(_ edges: [Edge]) -> [Edge] {
        var removed: Set<Int> = []
        var broken: [Edge] = []
        while let index = cycleEdge(edges, skipping: removed) {
            removed.insert(index)
            broken.append(edges[index])
        }
        return broken
    }

    /// `draft` with each cycle broken, and a warning per property made nullable.
    static func apply(to draft: inout SpecDraft, report: (ImportFinding) -> Void) {
        // A union stores a case on a cycle out of line (`indirect`): only cycles of properties alone are infinite.
        for edge in brokenEdges(edges(draft).filter { $0.property != nil }) {
            guard let property = edge.property else { continue }
            let holds =
                edge.target == edge.owner
                ? "is a '\(edge.owner)' itself" : "holds '\(edge.target)', which holds '\(edge.owner)' again"
            if let location = edge.location {
                report(
                    .approximated(
                        "'\(edge.owner).\(property.key)' \(holds); Swift cannot store a value inside itself, so"
                            + " '\(property.key)' is read as nullable", at: location))
            }
            draft.types[property.type].structure?.properties[property.index].nullable = true
        }
    }

    /// The index of the property to make nullable on the first cycle found, or nil when there is none left.
    private static func cycleEdge(_ edges: [Edge], skipping removed: Set<Int>) -> Int? {
        var outgoing: [String: [Int]] = [:]
        var order: [String] = []
        for (index, edge) in edges.enumerated() where !removed.contains(index) {
            if outgoing[edge.owner] == nil { order.append(edge.owner) }
            outgoing[edge.owner, default: []].append(index)
        }
        var done: Set<String> = []
        var path: [Int] = []  // edges from the root of the search
        var onPath: [String: Int] = [:]  // node → its position in `path`
        func visit(_ node: String) -> Int? {
            onPath[node] = path.count
            defer { onPath[node] = nil }
            for index in outgoing[node] ?? [] {
                let target = edges[index].target
                if let start = onPath[target] {
                    let cycle = Array(path[start...]) + [index]
                    if let last = cycle.last(where: { edges[$0].property != nil }) { return last }
                    continue  // unions only: nothing to make nullable
                }
                guard !done.contains(target) else { continue }
                path.append(index)
                if let found = visit(target) { return found }
                path.removeLast()
            }
            done.insert(node)
            return nil
        }
        for node in order where !done.contains(node) {
            if let found = visit(node) { return found }
        }
        return nil
    }
}
