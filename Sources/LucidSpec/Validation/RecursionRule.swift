/// A struct cannot contain itself, directly or through other structs or unions, unless a nullable property on
/// the way ends the chain (it is then stored indirectly, `ValueCycles`): such a value would be infinite.
/// Lists, maps and id-only relationships break the chain too; they store the value indirectly.
struct RecursionRule {
    let context: DecodingContext
    let spec: Spec

    func check() {
        for cycle in ValueCycles(spec: spec).infiniteCycles() { report(cycle) }
    }

    private func report(_ cycle: [ValueCycles.Link]) {
        guard let first = cycle.first else { return }
        let chain = (cycle.map { "\($0.owner).\($0.member)" } + [first.owner]).joined(separator: " → ")
        context.error(
            "'\(first.owner)' contains itself (\(chain)); Swift cannot store a value inside itself",
            at: first.location, hint: hint(cycle))
    }

    /// Only what fits the members of the cycle: a property can be nullable, and a relationship to an entity
    /// `id_only` (which reads only the identifier, from another key); a union's case can be neither, only a list.
    private func hint(_ cycle: [ValueCycles.Link]) -> String {
        // A generic's property is one for every use of it: a use on the cycle cannot be made nullable alone.
        let properties = cycle.filter { !$0.inGenericInstance }.compactMap { link in
            link.property.map { (name: "'\(link.owner).\(link.member)'", $0) }
        }
        guard !properties.isEmpty else { return "make one of these cases or properties a list" }
        var hint =
            properties.count == 1
            ? "make \(properties[0].name) nullable"
            : "make one of \(properties.map(\.name).joined(separator: ", ")) nullable"
        let relationships = properties.filter { if case .entity = $0.1.type { true } else { false } }
        for (index, (name, property)) in relationships.enumerated() {
            let idKey = property.origin.explicitKey ? property.key : property.name + "_id"
            let reads = idKey == property.key ? "at key '\(idKey)'" : "from key '\(idKey)' instead of '\(property.key)'"
            let who = properties.count == 1 ? "" : "make \(name) "
            hint += (index == 0 ? ", or " : " or ") + who + "'id_only' (it then reads only the identifier, \(reads))"
        }
        return hint
    }
}
