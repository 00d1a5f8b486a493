extension SpecGraph {
    /// The graph as Graphviz DOT, left to right: services, the entities they return, the subtypes those use.
    /// Entities are filled rounded boxes; subtypes plain boxes naming their kind; services component shapes.
    /// Relationships are black and uses of a subtype grey, to-many ones ending in a crow's foot, optional ones
    /// dashed; what endpoints return is green, one edge per service and type listing the endpoints. Descriptions
    /// and endpoint paths are tooltips (SVG shows them on hover). Every identifier and value is quoted.
    public func dot() -> String {
        var lines = [
            "// lucid-gen graph of module \(DOTSyntax.escaped(module)): render with `dot -Tsvg`",
            "digraph \(DOTSyntax.quoted(module)) {",
            statement("graph", Self.graphStyle + [("label", DOTSyntax.quoted(module))]),
            statement("node", Self.nodeStyle),
            statement("edge", Self.edgeStyle),
        ]
        for kind in [NodeKind.service, .entity, .subtype] {
            let group = nodes.filter { $0.kind == kind }
            guard !group.isEmpty else { continue }
            lines.append("")
            lines.append("  // \(kind == .entity ? "entities" : kind.rawValue + "s")")
            lines += group.map { statement(DOTSyntax.quoted($0.id), attributes(of: $0)) }
        }
        if !edges.isEmpty { lines.append("") }
        lines += edges.map { edge in
            statement("\(DOTSyntax.quoted(edge.from)) -> \(DOTSyntax.quoted(edge.to))", attributes(of: edge))
        }
        return (lines + ["}"]).joined(separator: "\n")
    }

    private func statement(_ head: String, _ attributes: [(String, String)]) -> String {
        "  " + head + DOTSyntax.attributes(attributes) + ";"
    }

    private static let graphStyle = [
        ("rankdir", "\"LR\""), ("labelloc", "\"t\""), ("fontname", "\"Helvetica,Arial,sans-serif\""),
        ("fontsize", "\"16\""), ("nodesep", "\"0.3\""), ("ranksep", "\"0.9\""), ("bgcolor", "\"white\""),
    ]
    private static let nodeStyle = [
        ("fontname", "\"Helvetica,Arial,sans-serif\""), ("fontsize", "\"11\""), ("shape", "\"box\""),
        ("margin", "\"0.15,0.06\""),
    ]
    private static let edgeStyle = [
        ("fontname", "\"Helvetica,Arial,sans-serif\""), ("fontsize", "\"9\""), ("arrowsize", "\"0.7\""),
    ]

    private func attributes(of node: Node) -> [(String, String)] {
        let label = DOTSyntax.quoted(lines: node.detail.isEmpty ? [node.name] : [node.name, node.detail])
        var pairs = [("label", label)]
        switch node.kind {
        case .entity:
            pairs += [("style", "\"rounded,filled\""), ("fillcolor", "\"#dbe8f7\""), ("color", "\"#3c6e9f\"")]
        case .subtype:
            pairs += [("style", "\"filled\""), ("fillcolor", "\"#f5f5f0\""), ("color", "\"#9a9a90\"")]
            pairs += [("fontcolor", "\"#505050\"")]
        case .service:
            pairs += [("shape", "\"component\""), ("style", "\"filled\""), ("fillcolor", "\"#e1f2dc\"")]
            pairs += [("color", "\"#4b8a3c\"")]
        }
        if let description = node.description, !description.isEmpty {
            pairs.append(("tooltip", DOTSyntax.quoted(description)))
        }
        return pairs
    }

    private func attributes(of edge: Edge) -> [(String, String)] {
        var pairs = [("label", DOTSyntax.quoted(lines: edge.labels))]
        switch edge.kind {
        case .relationship:
            pairs.append(("arrowhead", edge.toMany ? "\"crow\"" : "\"normal\""))
        case .usesSubtype:
            pairs += [("color", "\"#9a9a90\""), ("fontcolor", "\"#707070\"")]
            pairs.append(("arrowhead", edge.toMany ? "\"crow\"" : "\"normal\""))
        case .returns:
            pairs += [("color", "\"#4b8a3c\""), ("fontcolor", "\"#3a6d2e\""), ("arrowhead", "\"vee\"")]
            pairs.append(("tooltip", DOTSyntax.quoted(lines: edge.tooltips)))
        }
        if edge.optional { pairs.append(("style", "\"dashed\"")) }
        return pairs
    }
}
