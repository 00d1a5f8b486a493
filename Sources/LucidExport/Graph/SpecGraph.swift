import LucidSpec

/// A spec as a graph: entities, subtypes and services are nodes; relationships, the subtypes a type uses and what
/// each service's endpoints return are edges. Nodes and edges are sorted, so a spec always gives the same graph
/// whatever order it declares things in. `dot()` writes it as Graphviz DOT.
public struct SpecGraph: Sendable, Hashable {
    /// What a node stands for.
    public enum NodeKind: String, Sendable, Hashable, Comparable {
        case service, entity, subtype

        public static func < (lhs: NodeKind, rhs: NodeKind) -> Bool { lhs.order < rhs.order }
        private var order: Int { [.service, .entity, .subtype].firstIndex(of: self) ?? 0 }
    }

    /// An entity, a subtype or a service.
    public struct Node: Sendable, Hashable {
        public var kind: NodeKind
        /// The spec name.
        public var name: String
        /// What kind of subtype (`enum`, `option set`, `struct`, `union`); `service` for a service; empty for an
        /// entity; followed by `error payload` for the spec's `error_payload`.
        public var detail: String
        /// The spec's `description`, shown as the node's tooltip.
        public var description: String?

        /// The node's DOT identifier: kind and name, as services may be named like entities.
        public var id: String { "\(kind.rawValue):\(name)" }
    }

    /// What an edge stands for.
    public enum EdgeKind: String, Sendable, Hashable {
        /// A property (or union case) whose type holds an entity.
        case relationship
        /// A property (or union case) whose type holds a subtype.
        case usesSubtype
        /// Endpoints of a service whose responses hold an entity or a subtype.
        case returns
    }

    /// One or more properties, union cases or endpoints that lead from one node to another.
    public struct Edge: Sendable, Hashable {
        /// The `id`s of the nodes at its ends.
        public var from: String
        public var to: String
        public var kind: EdgeKind
        /// One line each: a property name with `[]` per list and `{}` per map around the target (`cast[]`),
        /// `(id)` / `(ids)` when only identifiers are read; or, for `returns`, each endpoint's name so marked.
        public var labels: [String]
        /// A list or map of the target (a relationship's crow's foot).
        public var toMany = false
        /// The property may be null or missing (drawn dashed).
        public var optional = false
        /// For `returns`: each endpoint's method and path.
        public var tooltips: [String] = []
    }

    /// The spec's module, the graph's title.
    public var module: String
    /// Services, then entities, then subtypes, each sorted by name.
    public var nodes: [Node]
    /// Sorted by their ends, then labels.
    public var edges: [Edge]

    /// The graph of a loaded (resolved) spec.
    public init(spec: Spec) {
        module = spec.module
        nodes = Self.nodes(of: spec).sorted { ($0.kind, $0.name) < ($1.kind, $1.name) }
        edges = (Self.typeEdges(of: spec) + Self.returnEdges(of: spec)).sorted {
            ($0.from, $0.to, $0.labels.joined(separator: "\n")) < ($1.from, $1.to, $1.labels.joined(separator: "\n"))
        }
    }

    private static func nodes(of spec: Spec) -> [Node] {
        let entities = spec.entities.map { Node(kind: .entity, name: $0.name, detail: "", description: $0.description) }
        let subtypes = spec.subtypes.map {
            Node(kind: .subtype, name: $0.name, detail: detail($0), description: $0.description)
        }
        let services = spec.services.map {
            Node(kind: .service, name: $0.name, detail: "service", description: $0.description)
        }
        return (entities + subtypes).map { node in
            guard node.name == spec.errorPayload else { return node }
            var node = node
            node.detail += node.detail.isEmpty ? "error payload" : ", error payload"
            return node
        } + services
    }

    private static func detail(_ subtype: Subtype) -> String {
        switch subtype.kind {
        case .enumeration: return "enum"
        case .optionSet: return "option set"
        case .structure:
            // An instance (`page<track>`) is a node of its own, so that its items lead to their type.
            if let instance = subtype.instance { return "instance of \(instance.generic)" }
            return subtype.patch ? "patch struct" : subtype.isGeneric ? "generic struct" : "struct"
        case .union: return "union"
        }
    }
}

extension SpecGraph {
    /// An edge per property of an entity or struct subtype, and per union case, whose type holds an entity or a
    /// subtype.
    fileprivate static func typeEdges(of spec: Spec) -> [Edge] {
        let entities = spec.entities.flatMap { entity in
            (entity.properties + entity.metadata).compactMap { edge(from: "entity:\(entity.name)", $0) }
        }
        let subtypes = spec.subtypes.flatMap { subtype -> [Edge] in
            let from = "subtype:\(subtype.name)"
            let cases = subtype.union?.cases ?? []
            return subtype.properties.compactMap { edge(from: from, $0) }
                + cases.compactMap { edge(from: from, name: $0.name, type: $0.type, optional: false) }
        }
        return entities + subtypes
    }

    private static func edge(from: String, _ property: Property) -> Edge? {
        guard var edge = edge(from: from, name: property.name, type: property.type, optional: property.nullable)
        else { return nil }
        if property.idOnly, edge.kind == .relationship {
            edge.labels[0] += edge.toMany ? " (ids)" : " (id)"
        }
        return edge
    }

    private static func edge(from: String, name: String, type: TypeReference, optional: Bool) -> Edge? {
        let (target, kind) = Self.target(type)
        guard let target else { return nil }
        return Edge(
            from: from, to: target, kind: kind, labels: [name + multiplicity(type)], toMany: type.elementType != type,
            optional: optional)
    }

    /// The node a type leads to (the entity or subtype inside its lists and maps), and how.
    private static func target(_ type: TypeReference) -> (String?, EdgeKind) {
        switch type.elementType {
        case .entity(let name): return ("entity:\(name)", .relationship)
        case .subtype(let name): return ("subtype:\(name)", .usesSubtype)
        default: return (nil, .relationship)
        }
    }

    /// `[]` for each list and `{}` for each map around the element: `[[genre]]` → `[][]`.
    static func multiplicity(_ type: TypeReference) -> String {
        switch type {
        case .array(let element): return "[]" + multiplicity(element)
        case .map(let element): return "{}" + multiplicity(element)
        default: return ""
        }
    }

    /// One edge per service and entity or subtype its endpoints' responses hold, labelled with those endpoints.
    fileprivate static func returnEdges(of spec: Spec) -> [Edge] {
        var edges: [String: Edge] = [:]
        for service in spec.services {
            for endpoint in service.endpoints {
                guard let (target, marks) = returned(endpoint.response.body) else { continue }
                let from = "service:\(service.name)"
                var edge = edges[from + "\n" + target] ?? Edge(from: from, to: target, kind: .returns, labels: [])
                edge.labels.append(endpoint.name + marks)
                edge.tooltips.append("\(endpoint.name): \(endpoint.method.rawValue) \(endpoint.path)")
                edges[from + "\n" + target] = edge
            }
        }
        return edges.values.map { edge in
            var edge = edge
            let order = edge.labels.indices.sorted { edge.labels[$0] < edge.labels[$1] }
            edge.labels = order.map { edge.labels[$0] }
            edge.tooltips = order.map { edge.tooltips[$0] }
            return edge
        }
    }

    /// The node a response holds, and its `[]` marks.
    private static func returned(_ body: ResponseDescription.Body) -> (String, String)? {
        switch body {
        case .none: return nil
        case .entity(let payload):
            let marks =
                switch payload.structure {
                case .single: ""
                case .array, .nestedArray: "[]"
                case .flattenedArrays: "[][]"
                }
            return ("entity:\(payload.entity)", marks)
        case .type(let type):
            guard let target = target(type).0 else { return nil }
            return (target, multiplicity(type))
        }
    }
}
