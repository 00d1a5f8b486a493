/// The untagged unions whose decoding would read one part of a body more than once at every level it nests.
///
/// An untagged union tries its cases in turn on the same JSON value. When two cases read the same part of it (the
/// same key, both its list's items, a map's values beside a key) and both types there hold the union again
/// (`shape: one_of [circle, square]` where both read `children: [shape]`; `box: one_of [leaf, a, b]` where `a` and
/// `b` both read `inner: box`), a case that fails after reading that part leaves the next case to read it again, at
/// every level: the work doubles with each level a body nests, so a body a few hundred bytes long would take years.
/// The generated code of such a union remembers each case's result at each place in the body while the outermost
/// of them decodes (`UnionCaseAttempts(decoder, remembering: true)`), so that no part is decoded twice as one type.
/// Unions whose cases read different parts (an expression's `left`/`right` beside a negation's `not`), or share only
/// parts that never lead back to the union (a `name`), decode as before.
public struct UnionRedecoding: Sendable {
    /// The unions whose generated code remembers its cases' results.
    public let remembering: Set<String>

    public init(spec: Spec) {
        let finder = Finder(spec: spec)
        remembering = Set(
            spec.subtypes.compactMap { subtype in
                guard let union = subtype.union, !union.isTagged, finder.readsAPartTwice(subtype.name, union)
                else { return nil }
                return subtype.name
            })
    }

    /// Where, relative to a value, decoding its type reads another type.
    enum Step: Hashable {
        /// At a key path (a property's key, a dotted key's segments).
        case key([String])
        /// At each item of a list.
        case item
        /// At each value of a map: under any key.
        case anyKey

        /// Whether the two steps can reach one value: the same key or one inside the other, any key beside a
        /// key, both lists' items.
        func overlaps(_ other: Step) -> Bool {
            switch (self, other) {
            case (.item, .item), (.anyKey, .anyKey), (.anyKey, .key), (.key, .anyKey): return true
            case (.key(let a), .key(let b)): return a.starts(with: b) || b.starts(with: a)
            default: return false
            }
        }
    }

    private struct Finder {
        let subtypes: [String: Subtype]
        let entities: [String: Entity]
        /// For each type name, the type names its decoding reads (properties, cases, items), not `id_only` ones.
        let reads: [String: Set<String>]

        init(spec: Spec) {
            subtypes = Dictionary(spec.subtypes.map { ($0.name, $0) }) { first, _ in first }
            entities = Dictionary(spec.entities.map { ($0.name, $0) }) { first, _ in first }
            var reads: [String: Set<String>] = [:]
            for entity in spec.entities {
                reads[entity.name] = Set(entity.properties.filter { !$0.idOnly }.flatMap { Self.names(in: $0.type) })
            }
            for subtype in spec.subtypes {
                let types =
                    subtype.properties.filter { !$0.idOnly }.map(\.type) + (subtype.union?.cases ?? []).map(\.type)
                reads[subtype.name] = Set(types.flatMap(Self.names))
            }
            self.reads = reads
        }

        /// The subtypes and entities `type` names, through lists and maps.
        static func names(in type: TypeReference) -> [String] {
            switch type {
            case .subtype(let name), .entity(let name): return [name]
            case .array(let element), .map(let element): return names(in: element)
            default: return []
            }
        }

        /// Whether two of the union's cases read one part of the value as types that both lead back to the union.
        func readsAPartTwice(_ name: String, _ union: Union) -> Bool {
            let leadBack = typesReaching(name)
            // Each case's steps, keeping only the types there that lead back: the others cannot nest the union.
            let steps = union.cases.map { unionCase in
                self.steps(of: unionCase.type, visiting: [name]).filter { !$0.types.isDisjoint(with: leadBack) }
            }
            for (index, earlier) in steps.enumerated() {
                for later in steps[(index + 1)...] {
                    if earlier.contains(where: { step in later.contains { $0.step.overlaps(step.step) } }) {
                        return true
                    }
                }
            }
            return false
        }

        /// The type names whose decoding reads `name`, directly or through others, `name` among them.
        private func typesReaching(_ name: String) -> Set<String> {
            var readBy: [String: [String]] = [:]
            for (reader, types) in reads {
                for type in types { readBy[type, default: []].append(reader) }
            }
            var found: Set<String> = [name]
            var stack = [name]
            while let type = stack.popLast() {
                for reader in readBy[type] ?? [] where found.insert(reader).inserted { stack.append(reader) }
            }
            return found
        }

        /// Where decoding `type` at a value reads other types, and which. A union's cases are read at the same value,
        /// so a union's steps are its cases'; `visiting` keeps a union that is its own case (an error) from looping.
        private func steps(of type: TypeReference, visiting: Set<String>) -> [(step: Step, types: Set<String>)] {
            switch type {
            case .array(let element): return [(.item, Set(Self.names(in: element)))]
            case .map(let element): return [(.anyKey, Set(Self.names(in: element)))]
            case .entity(let name):
                return propertySteps(entities[name]?.properties ?? [])
            case .subtype(let name):
                guard let subtype = subtypes[name] else { return [] }
                if let union = subtype.union {
                    guard !visiting.contains(name) else { return [] }
                    return union.cases.flatMap { steps(of: $0.type, visiting: visiting.union([name])) }
                }
                return propertySteps(subtype.properties)
            default:
                return []
            }
        }

        private func propertySteps(_ properties: [Property]) -> [(step: Step, types: Set<String>)] {
            properties.filter { !$0.idOnly }.map { (.key($0.keyPath), Set(Self.names(in: $0.type))) }
        }
    }
}
