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
        if !union.isTagged { checkShadowedCases(union.cases, what) }
    }

    /// An untagged union takes the first case that decodes, so a case whose every value an earlier case decodes
    /// too is never chosen: `int` after `double`, a struct after one whose keys are a subset of its own. A
    /// warning: the spec still generates, but a value is never read as that case.
    private func checkShadowedCases(_ cases: [UnionCase], _ what: String) {
        let resolved = cases.filter(\.type.isResolved)
        for (index, later) in resolved.enumerated() {
            guard
                let earlier = resolved[..<index].first(where: {
                    $0.type != later.type && covers($0.type, later.type, depth: 0)
                })
            else { continue }
            let hint =
                covers(later.type, earlier.type, depth: 0)
                ? "a union without a discriminator takes the first case that decodes; keep one of them"
                : "a union without a discriminator takes the first case that decodes; put '\(later.name)' before "
                    + "'\(earlier.name)'"
            context.warning(
                "case '\(later.name)' of \(what) is '\(later.type)', which case '\(earlier.name)' ('\(earlier.type)') "
                    + "before it decodes too, so it would never be chosen",
                at: later.typeLocation, hint: hint)
        }
    }

    /// Whether every JSON value `later` decodes from, `earlier` decodes from too (as the generated code reads
    /// them). Only what is sure: numbers that read integers, strings that read what is written as a string, an
    /// enum keeping unknown values, lists and maps of those, and structs that read a subset of another's keys.
    private func covers(_ earlier: TypeReference, _ later: TypeReference, depth: Int) -> Bool {
        if earlier == later { return true }
        guard depth < 8 else { return false }  // structs holding structs: enough to be sure, never endless
        switch (earlier, later) {
        case (.array(let earlier), .array(let later)), (.map(let earlier), .map(let later)):
            return covers(earlier, later, depth: depth + 1)
        case (.scalar(let earlier), .scalar(let later)):
            return Self.scalarCovers[earlier]?.contains(later) == true
        case (.scalar(.string), .subtype(let name)):
            return types.isEnum(.subtype(name))
        case (.subtype(let name), _) where isOpenEnum(name):
            if case .scalar(let scalar) = later { return Self.readFromStrings.contains(scalar) }
            return types.isEnum(later)
        case (.subtype(let earlier), .subtype(let later)):
            guard let earlier = types.subtypes[earlier], earlier.isDecodedStruct,
                let later = types.subtypes[later], later.isDecodedStruct
            else { return false }
            return structCovers(earlier.properties, later.properties, depth: depth)
        default:
            return false
        }
    }

    /// Every property of the earlier struct reads what the later one's object holds under the same key: it is
    /// lenient, or of a type that reads the later one's, present whenever it must be. A key the later struct
    /// does not read may hold anything in its objects, so the earlier one must read no other key.
    private func structCovers(_ earlier: [Property], _ later: [Property], depth: Int) -> Bool {
        earlier.allSatisfy { property in
            if property.lenient { return true }
            let optional = property.nullable || property.defaultValue != nil || property.lazy
            guard let other = later.first(where: { $0.keyPath == property.keyPath && $0.idOnly == property.idOnly })
            else { return false }
            let otherRequired = !other.nullable && other.defaultValue == nil && !other.lazy && !other.lenient
            return (optional || otherRequired) && covers(property.type, other.type, depth: depth + 1)
        }
    }

    private func isOpenEnum(_ name: String) -> Bool {
        if case .enumeration(_, let unknownFallback)? = types.subtypes[name]?.kind { return unknownFallback }
        return false
    }

    /// Scalars written as JSON strings, which `string` (or an enum keeping unknown values) reads too.
    private static let readFromStrings = Set(ScalarType.allCases.filter { $0.facts.json == .string })

    /// For each scalar, the later scalars it reads every value of: a floating-point type reads integers, `int64`
    /// reads every `Int` (not the other way round: `Int` has 32 bits on watchOS), `string` reads what is written
    /// as a string.
    private static let scalarCovers: [ScalarType: Set<ScalarType>] = [
        .double: [.int, .int64, .float], .float: [.int, .int64], .decimal: [.int, .int64], .int64: [.int],
        .string: readFromStrings.subtracting([.string]),
    ]

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
