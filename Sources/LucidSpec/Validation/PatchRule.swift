/// A patch struct (`patch: true`) is only encoded — it leaves out what it does not change — so it can only be sent
/// as a JSON body, and its properties have nothing to decode: no `default` (a patch leaves a value unchanged
/// instead) and no `lazy`. Reports every other use at the place that names the struct.
struct PatchRule {
    let context: DecodingContext
    let spec: Spec

    func check() {
        let patches = Set(spec.subtypes.filter(\.patch).map(\.name))
        guard !patches.isEmpty else { return }
        for subtype in spec.subtypes {
            if subtype.patch { checkProperties(of: subtype) }
            for property in subtype.properties { checkReference(property, of: "subtype '\(subtype.name)'", patches) }
        }
        for entity in spec.entities {
            for property in entity.properties + entity.metadata {
                checkReference(property, of: "entity '\(entity.name)'", patches)
            }
        }
        for endpoint in spec.services.flatMap(\.endpoints) { check(endpoint, patches) }
    }

    private func checkProperties(of subtype: Subtype) {
        for property in subtype.properties {
            if let option = ["default", "lazy"].first(where: { property.origin.optionLocations[$0] != nil }) {
                context.error(
                    "property '\(property.name)' of patch subtype '\(subtype.name)' cannot be '\(option)': a patch leaves what it does not set unchanged",
                    at: property.origin.optionLocations[option] ?? property.location,
                    hint: "leave '\(option)' out")
            }
        }
    }

    private func checkReference(_ property: Property, of owner: String, _ patches: Set<String>) {
        guard case .subtype(let name) = property.type.elementType, patches.contains(name) else { return }
        context.error(
            "property '\(property.name)' of \(owner) is patch subtype '\(name)', which can only be a JSON body",
            at: property.origin.typeLocation ?? property.location, hint: Self.hint)
    }

    private func check(_ endpoint: Endpoint, _ patches: Set<String>) {
        let at = endpoint.origin.locations["body.type"] ?? endpoint.location
        switch endpoint.body {
        case .json(.subtype)?, .raw?, .file?, nil: break
        case .json(let type)?:
            if case .subtype(let name) = type.elementType, patches.contains(name) {
                context.error(
                    "the body of endpoint '\(endpoint.name)' is '\(type)'; patch subtype '\(name)' is sent alone",
                    at: at, hint: Self.hint)
            }
        case .form(let name)?, .multipart(let name)?:
            if patches.contains(name) {
                context.error(
                    "patch subtype '\(name)' cannot be the form or multipart body of endpoint '\(endpoint.name)'",
                    at: at, hint: Self.hint)
            }
        }
        let types = endpoint.params + endpoint.query + endpoint.headers + endpoint.response.metadata
        for property in types { checkReference(property, of: "endpoint '\(endpoint.name)'", patches) }
        if case .type(let type) = endpoint.response.body, case .subtype(let name) = type.elementType,
            patches.contains(name)
        {
            context.error(
                "the response of endpoint '\(endpoint.name)' is patch subtype '\(name)', which is never decoded",
                at: endpoint.response.nameLocation ?? endpoint.response.location, hint: Self.hint)
        }
    }

    private static let hint = "a patch struct is sent alone as a JSON body: 'body: issue_update'"
}
