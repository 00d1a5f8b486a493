/// The type names inside spec type expressions (`Pet`, `[Pet]`, `{string: Pet}`, `Page<Pet>`), to find what a type
/// refers to and to rename types everywhere they are referred to.
enum TypeExpressions {
    /// The names `expression` refers to, in order: `{string: Page<Pet>}` → `Page`, `Pet` (`string` too: a scalar is
    /// a name to this, and names no subtype).
    static func names(in expression: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in expression {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { names.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        return names
    }

    /// `expression` with each name that `renames` maps replaced.
    static func renaming(_ expression: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty else { return expression }
        var result = ""
        var current = ""
        func flush() {
            result += renames[current] ?? current
            current = ""
        }
        for character in expression {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

extension SpecDraft {
    /// The draft with every reference to a type that `renames` maps made to its new name: properties, union cases,
    /// parameters, bodies, responses, the error payload. The types themselves keep their names.
    func renamingReferences(_ renames: [String: String]) -> SpecDraft {
        guard !renames.isEmpty else { return self }
        var draft = self
        func rename(_ property: inout DraftProperty) {
            property.type = TypeExpressions.renaming(property.type, renames)
        }
        for index in draft.types.indices {
            switch draft.types[index].kind {
            case .structure(var structure):
                for property in structure.properties.indices { rename(&structure.properties[property]) }
                draft.types[index].kind = .structure(structure)
            case .union(var union):
                for unionCase in union.cases.indices {
                    union.cases[unionCase].type = TypeExpressions.renaming(union.cases[unionCase].type, renames)
                }
                draft.types[index].kind = .union(union)
            case .enumeration, .optionSet: break
            }
        }
        draft.errorPayload = draft.errorPayload.map { TypeExpressions.renaming($0, renames) }
        for service in draft.services.indices {
            for index in draft.services[service].endpoints.indices {
                draft.services[service].endpoints[index].renameTypes(renames)
            }
        }
        return draft
    }

    /// The names each type of the draft refers to, by type name; and those the services and the error payload refer
    /// to.
    var references: (byType: [String: Set<String>], roots: Set<String>) {
        var byType: [String: Set<String>] = [:]
        for type in types { byType[type.name] = Set(type.referencedTypes.flatMap(TypeExpressions.names)) }
        var roots = Set(errorPayload.map(TypeExpressions.names) ?? [])
        for endpoint in services.flatMap(\.endpoints) {
            roots.formUnion(endpoint.referencedTypes.flatMap(TypeExpressions.names))
        }
        return (byType, roots)
    }
}

extension DraftType {
    /// The type expressions the type holds: its properties', its cases'.
    var referencedTypes: [String] {
        switch kind {
        case .structure(let structure): return structure.properties.map(\.type)
        case .union(let union): return union.cases.map(\.type)
        case .enumeration, .optionSet: return []
        }
    }
}

extension DraftEndpoint {
    /// The type expressions the endpoint sends and receives.
    var referencedTypes: [String] {
        var types = (params + query + headers).map(\.type)
        switch body {
        case .json(let type)?, .form(let type, _, _)?: types.append(type)
        case .raw?, nil: break
        }
        if let response {
            types += response.headers.map(\.type)
            if let type = response.type { types.append(type) }
        }
        return types
    }

    mutating func renameTypes(_ renames: [String: String]) {
        for index in params.indices { params[index].type = TypeExpressions.renaming(params[index].type, renames) }
        for index in query.indices { query[index].type = TypeExpressions.renaming(query[index].type, renames) }
        for index in headers.indices { headers[index].type = TypeExpressions.renaming(headers[index].type, renames) }
        switch body {
        case .json(let type)?: body = .json(TypeExpressions.renaming(type, renames))
        case .form(let type, let multipart, let lists)?:
            body = .form(TypeExpressions.renaming(type, renames), multipart: multipart, lists: lists)
        case .raw?, nil: break
        }
        if var response {
            response.type = response.type.map { TypeExpressions.renaming($0, renames) }
            self.response = response
        }
    }
}
