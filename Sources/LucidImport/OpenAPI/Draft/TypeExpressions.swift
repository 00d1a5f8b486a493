/// The type names inside spec type expressions (`Pet`, `[Pet]`, `{string: Pet}`, `Page<Pet>`), to find what a type
/// refers to and to rename types everywhere they are referred to.
enum TypeExpressions {
    /// The names `expression` refers to, in order: `{string: Page<Pet>}` → `Page`, `Pet` (`string` too: a scalar is
    /// a name to this, and names no subtype).
    static func names(in expression: String) -> [String] {
        var names: [String] = []
        forEachToken(of: expression) { token, isName in
            if isName { names.append(token) }
        }
        return names
    }

    /// `expression` with each name that `renames` maps replaced.
    static func renaming(_ expression: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty else { return expression }
        var result = ""
        var changed = false
        forEachToken(of: expression) { token, isName in
            if isName, let renamed = renames[token] {
                result += renamed
                changed = true
            } else {
                result += token
            }
        }
        return changed ? result : expression
    }

    /// Whether an ASCII byte can be part of a name: a letter, a digit or `_`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default: return false
        }
    }

    /// Calls `body` with each run of name characters (letters, digits, `_`) and each other character of
    /// `expression`, in order. ASCII expressions (nearly all) are read by byte: a character's Unicode properties
    /// cost, and an import renames hundreds of thousands of expressions.
    private static func forEachToken(of expression: String, _ body: (String, _ isName: Bool) -> Void) {
        guard expression.utf8.allSatisfy({ $0 < 0x80 }) else {
            var current = ""
            for character in expression {
                if character.isLetter || character.isNumber || character == "_" {
                    current.append(character)
                } else {
                    if !current.isEmpty { body(current, true) }
                    current = ""
                    body(String(character), false)
                }
            }
            if !current.isEmpty { body(current, true) }
            return
        }
        let bytes = Array(expression.utf8)
        var index = 0
        while index < bytes.count {
            var end = index + 1
            let isName = isNameByte(bytes[index])
            if isName { while end < bytes.count, isNameByte(bytes[end]) { end += 1 } }
            body(String(decoding: bytes[index..<end], as: UTF8.self), isName)
            index = end
        }
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
        case .raw?, .file?, nil: break
        }
        if let response {
            types += response.headers.map(\.type)
            if let type = response.type { types.append(type) }
        }
        if let stream { types += stream.items.types }
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
        case .raw?, .file?, nil: break
        }
        if var response {
            response.type = response.type.map { TypeExpressions.renaming($0, renames) }
            self.response = response
        }
        switch stream?.items {
        case .type(let type)?: stream?.items = .type(TypeExpressions.renaming(type, renames))
        case .named(let events)?:
            stream?.items = .named(events.map { ($0.name, TypeExpressions.renaming($0.type, renames)) })
        case nil: break
        }
    }
}
