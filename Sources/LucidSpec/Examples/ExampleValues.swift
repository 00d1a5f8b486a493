import LucidSupport

/// How a value is read besides its type: what its property says about dates, relationships and failable items.
struct ValueOptions {
    /// The format of dates: the property's `format` (a plain response's, once it can have one).
    var dateFormat: DateFormat?
    /// A relationship reads identifiers rather than objects.
    var idOnly = false
    /// The outermost list (or map) drops the items that fail to decode.
    var failableItems = false

    /// No format, full relationships, nothing failable: an identifier, a plain response.
    init() {}

    /// The options `property` reads its value with.
    init(_ property: Property) {
        dateFormat = property.dateFormat
        idOnly = property.idOnly
        failableItems = property.failableItems
    }

    /// The options of the items of a list or map: `failable_items` is about the outermost one only.
    var forItems: ValueOptions {
        var options = self
        options.failableItems = false
        return options
    }
}

extension ExampleChecker {
    /// Whether `value` (at the current path) decodes as `type`; logs every mismatch in it. Null is checked here too:
    /// whoever allows it (a nullable property) does not call this for a null.
    func checkValue(_ value: JSONNode, as type: TypeReference, _ options: ValueOptions) -> Bool {
        switch type {
        case .scalar(let scalar):
            return checkScalar(value, scalar, options)
        case .array(let element):
            return checkList(value, of: element, options)
        case .map(let element):
            return checkMap(value, of: element, options, type: type)
        case .subtype(let name):
            guard let subtype = types.subtypes[name] else { return true }
            return checkSubtype(value, subtype)
        case .entity(let name):
            guard let entity = types.entities[name] else { return true }
            return options.idOnly
                ? checkIdentifierValue(value, of: entity) : checkEntity(value, entity, withMetadata: false)
        case .named, .generic, .parameter:
            // Unresolved names remain only in specs with errors, whose examples are not checked; a type parameter
            // only in a generic's own properties, and examples read its instances (`page<track>`).
            return true
        }
    }

    /// The one switch over the kinds of subtype: a new kind (a union) is checked by a case added here.
    func checkSubtype(_ value: JSONNode, _ subtype: Subtype) -> Bool {
        switch subtype.kind {
        case .enumeration(let cases, let unknownFallback):
            return checkEnum(value, subtype.name, cases: cases, unknownFallback: unknownFallback)
        case .optionSet:
            return checkOptionSet(value, subtype.name)
        case .structure(let properties):
            return checkStruct(value, subtype, properties)
        case .union(let union):
            return union.isTagged ? checkTaggedUnion(value, subtype.name, union) : checkUntaggedUnion(value, union)
        }
    }

    // MARK: Unions

    /// A tagged union: an object whose discriminator is a string naming a case, the rest of it read as that case's
    /// type; another string only with an `unknown` fallback (the object is then kept whole).
    private func checkTaggedUnion(_ value: JSONNode, _ name: String, _ union: Union) -> Bool {
        guard let object = value.object, let key = union.discriminator else {
            mismatch(value, expected: "an object (union '\(name)')")
            return false
        }
        guard let tag = object[key] else {
            missing(key, reading: "the discriminator of union '\(name)'", in: value)
            return false
        }
        guard case .string(let text) = tag.content else {
            at(.key(key)) { mismatch(tag, expected: "a string (the discriminator of union '\(name)')") }
            return false
        }
        guard let match = union.cases.first(where: { $0.value == text }) else {
            if union.unknownFallback { return true }
            let shown = union.cases.prefix(10).compactMap { $0.value.map { "\"\($0)\"" } }
            at(.key(key)) {
                mismatch(tag, expected: "a kind of union '\(name)' (\(shown.joined(separator: ", ")))")
            }
            return false
        }
        readByEnclosing = key
        defer { readByEnclosing = nil }
        return checkValue(value, as: match.type, ValueOptions())
    }

    /// An untagged union: the first case whose type decodes the value wins; when none does, the mismatch names the
    /// types tried, and why the first case that read inside the value failed there (an object that lacks one key of
    /// the struct case): the mismatches of cases of another kind (a string for an object) would only be noise.
    private func checkUntaggedUnion(_ value: JSONNode, _ union: Union) -> Bool {
        var inside: String?
        for unionCase in union.cases {
            let (decodes, log) = separately { checkValue(value, as: unionCase.type, ValueOptions()) }
            if decodes { return true }
            if inside == nil, let first = log.earliest.first, first.position != value.position || isRead(first) {
                inside = "as '\(unionCase.type)', " + withoutPrefix(first.message)
            }
        }
        mismatch(value, expected: "one of " + union.cases.map { "'\($0.type)'" }.joined(separator: ", "), hint: inside)
        return false
    }

    /// Whether a mismatch says what was read inside the value (a missing key), not that the value is of another
    /// kind.
    private func isRead(_ mismatch: Mismatch) -> Bool {
        mismatch.message.hasPrefix(prefix + " reads ")
    }

    /// A mismatch's message without the endpoint's prefix: `'tags[0]' is 3, which is not a string`.
    private func withoutPrefix(_ message: String) -> String {
        if message.hasPrefix(prefix + ": ") { return String(message.dropFirst(prefix.count + 2)) }
        if message.hasPrefix(prefix + " ") { return String(message.dropFirst(prefix.count + 1)) }
        return message
    }

    // MARK: Lists and maps

    private func checkList(_ value: JSONNode, of element: TypeReference, _ options: ValueOptions) -> Bool {
        guard case .array(let items) = value.content else {
            mismatch(value, expected: "a list")
            return false
        }
        var decodes = true
        for (index, item) in items.enumerated() {
            at(.index(index)) {
                if options.failableItems {
                    _ = droppingOnFailure { checkValue(item, as: element, options.forItems) }
                } else {
                    decodes = checkValue(item, as: element, options.forItems) && decodes
                }
            }
        }
        return decodes
    }

    /// `{string: T}`: an object whose values are each a `T` (of duplicate keys, the first, which is the one decoded).
    private func checkMap(
        _ value: JSONNode, of element: TypeReference, _ options: ValueOptions, type: TypeReference
    ) -> Bool {
        guard case .object(let object) = value.content else {
            mismatch(value, expected: "an object (\(type))")
            return false
        }
        var decodes = true
        var seen = Set<String>()
        for member in object.members where seen.insert(member.key).inserted {
            at(.key(member.key)) {
                if options.failableItems {
                    _ = droppingOnFailure { checkValue(member.value, as: element, options.forItems) }
                } else {
                    decodes = checkValue(member.value, as: element, options.forItems) && decodes
                }
            }
        }
        return decodes
    }

    // MARK: Enums, option sets, identifiers

    /// A string-backed enum: a string that is one of the raw values, or any string with an `unknown` fallback.
    private func checkEnum(_ value: JSONNode, _ name: String, cases: [EnumCase], unknownFallback: Bool) -> Bool {
        guard case .string(let text) = value.content else {
            mismatch(value, expected: "a string (enum '\(name)')")
            return false
        }
        guard unknownFallback || cases.contains(where: { $0.value == text }) else {
            let shown = cases.prefix(10).map { "\"\($0.value)\"" } + (cases.count > 10 ? ["…"] : [])
            mismatch(value, expected: "a case of enum '\(name)' (\(shown.joined(separator: ", ")))")
            return false
        }
        return true
    }

    /// `JSONOptionSet`: the raw bits as an integer, or a list of option names (unknown names are ignored, so that a
    /// newer server's options decode).
    private func checkOptionSet(_ value: JSONNode, _ name: String) -> Bool {
        if case .number(let text) = value.content, JSONNumberText.integerFit(text) == .fits { return true }
        guard case .array(let items) = value.content else {
            mismatch(value, expected: "a list of option names or an integer (option set '\(name)')")
            return false
        }
        var decodes = true
        for (index, item) in items.enumerated() {
            guard case .string = item.content else {
                at(.index(index)) { mismatch(item, expected: "a string (an option of '\(name)')") }
                decodes = false
                continue
            }
        }
        return decodes
    }

    /// An `id_only` relationship: the related entity's identifier value.
    private func checkIdentifierValue(_ value: JSONNode, of entity: Entity) -> Bool {
        let role = "an identifier of entity '\(entity.name)'"
        switch entity.identifier {
        case .scalar(let type, _):
            return checkScalar(value, type, ValueOptions(), role: role)
        case .property(let name):
            guard case .scalar(let type)? = entity.property(named: name)?.type else { return true }
            return checkScalar(value, type, ValueOptions(), role: role)
        case .none:
            return true  // lint requires an identifier for id_only
        }
    }
}
