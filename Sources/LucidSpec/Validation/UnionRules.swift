/// Checks the `one_of` unions of the resolved model: enough cases, case types the generated code can decode and
/// tell apart. Names, discriminator values and the `.unknown` clash are `NameRules`' work; reports only.
struct UnionRules {
    let context: DecodingContext
    let types: TypeResolution

    func check(_ subtype: Subtype) {
        guard let union = subtype.union else { return }
        let what = subtype.unionDescription
        guard !union.cases.isEmpty || union.hasUnreadCases else {
            context.error("\(what) has no cases", at: subtype.location)
            return
        }
        if !union.isTagged, union.cases.count == 1, !union.hasUnreadCases {
            context.error(
                "\(what) has one case; a union needs two or more", at: subtype.location,
                hint: "use the case's type '\(union.cases[0].type)' itself")
        }
        var seen: [TypeReference: UnionCase] = [:]
        for unionCase in union.cases where unionCase.type.isResolved {
            checkType(of: unionCase, tagged: union.isTagged, what)
            guard !union.isTagged else { continue }
            if let first = seen[unionCase.type] {
                guard first.name != unionCase.name else { continue }  // a case written twice: NameRules says so
                context.error(
                    "case '\(unionCase.name)' of \(what) is '\(unionCase.type)' like case '\(first.name)', so it "
                        + "would never be chosen",
                    at: unionCase.typeLocation,
                    hint: "a union without a discriminator takes the first case that decodes; keep one of them",
                    notes: [.note("'\(first.name)' is defined here", at: first.location)])
            } else {
                seen[unionCase.type] = unionCase
            }
        }
    }

    /// What a case may hold: with a discriminator an object (the discriminator sits beside its keys), without one
    /// any value the generated code decodes on its own, so no date or duration (their format belongs to a
    /// property) and no file upload; never a patch struct, which is only encoded.
    private func checkType(of unionCase: UnionCase, tagged: Bool, _ what: String) {
        let type = unionCase.type
        let caseWhat = "case '\(unionCase.name)' of \(what)"
        if case .subtype(let name) = type.elementType, types.subtypes[name]?.patch == true {
            context.error(
                "\(caseWhat) is patch subtype '\(name)', which is never decoded", at: unionCase.typeLocation,
                hint: "a patch struct is sent alone as a JSON body: 'body: issue_update'")
        } else if tagged, !isObject(type) {
            context.error(
                "\(caseWhat) is '\(type)'; with a discriminator, each case is an object: a struct subtype or an entity",
                at: unionCase.typeLocation,
                hint: "leave 'discriminator' out to tell the cases apart by their types")
        } else if type.contains(.fileUpload) {
            context.error(
                "\(caseWhat) is '\(type)'; a file upload only goes in a multipart body", at: unionCase.typeLocation,
                hint: "use 'data' for bytes")
        } else if type.containsFormattedScalar {
            context.error(
                "\(caseWhat) is '\(type)', whose date format or duration unit a union cannot apply",
                at: unionCase.typeLocation, hint: "use a struct subtype with the date property, or 'string'")
        }
    }

    private func isObject(_ type: TypeReference) -> Bool {
        if case .entity = type { return true }
        return types.isStructure(type)
    }
}

extension Subtype {
    /// The union in messages: `union 'timeline_event'`, or for one written as a property's type `the union of
    /// property 'customer' of entity 'charge'`.
    var unionDescription: String {
        inlineOwner.map { "the union of \($0)" } ?? "union '\(name)'"
    }
}
