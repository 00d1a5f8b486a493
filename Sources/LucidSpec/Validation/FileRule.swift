/// A `file_upload` (bytes, file name, content type) is a part of a multipart body and nothing else: JSON has no
/// file, and a path, query item or header cannot carry one. Reports every `file_upload` outside the struct subtypes that multipart
/// bodies send (directly or nested), at its property.
struct FileRule {
    let context: DecodingContext
    let types: TypeResolution
    let spec: Spec

    func check() {
        let multipart = multipartStructs()
        for subtype in spec.subtypes where !multipart.contains(subtype.name) {
            for property in subtype.properties where property.type.contains(.fileUpload) {
                report(property, of: "subtype '\(subtype.name)'")
            }
        }
        // Loops over each list rather than over concatenations, which would copy every property and endpoint.
        for entity in spec.entities {
            for properties in [entity.properties, entity.metadata] {
                for property in properties where property.type.contains(.fileUpload) {
                    report(property, of: "entity '\(entity.name)'")
                }
            }
        }
        for service in spec.services {
            for endpoint in service.endpoints {
                if case .type(let type) = endpoint.response.body, type.contains(.fileUpload) {
                    context.error(
                        "the response of endpoint '\(endpoint.name)' is '\(type)'; a file upload only goes in a multipart body",
                        at: endpoint.response.nameLocation ?? endpoint.response.location, hint: "use 'data' for bytes")
                }
                for property in endpoint.response.metadata where property.type.contains(.fileUpload) {
                    report(property, of: "the response of endpoint '\(endpoint.name)'")
                }
            }
        }
    }

    private func report(_ property: Property, of owner: String) {
        context.error(
            "property '\(property.name)' of \(owner) is '\(property.type)'; a file upload only goes in a multipart body",
            at: property.origin.typeLocation ?? property.location,
            hint: "send the struct as 'body: { multipart: … }', or use 'data' for bytes")
    }

    /// The struct subtypes a multipart body sends, nested ones included.
    private func multipartStructs() -> Set<String> {
        var found: Set<String> = []
        var pending: [String] = []
        for service in spec.services {
            for endpoint in service.endpoints {
                if case .multipart(let name)? = endpoint.body { pending.append(name) }
            }
        }
        while let name = pending.popLast() {
            guard found.insert(name).inserted, let subtype = types.subtypes[name] else { continue }
            for property in subtype.properties {
                if case .subtype(let inner) = property.type.elementType { pending.append(inner) }
            }
        }
        return found
    }
}
