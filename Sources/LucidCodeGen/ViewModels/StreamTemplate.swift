import LucidSpec

/// A streaming endpoint as Swift: the arguments of its `StreamResource`, the preview that plays its example, and
/// the enum of its named events (`<Service><Endpoint>Event`, rendered by `StreamEvents.mustache`).
struct StreamTemplate {
    let stream: StreamDescription
    let endpoint: Endpoint
    let service: Service
    let context: GenerationContext

    /// `StreamFormat` as a Swift expression.
    var formatExpression: String {
        switch stream.format {
        case .events: ".serverSentEvents"
        case .jsonLines: ".jsonSequence(.lines)"
        case .jsonSeq: ".jsonSequence(.textSequence)"
        }
    }

    /// What the stream's element is: the one type's Swift type, or the event enum.
    var elementType: String { EndpointSignature.elementType(of: stream, endpoint, service: service, context) }

    /// Turns one `StreamItem` into an element.
    var decodeItem: String {
        switch stream.items {
        case .type(.scalar(.string)): "{ $0.decodeText() }"
        case .type: "{ try $0.decode(\(elementType).self) }"
        case .named: "{ try \(elementType)(decoding: $0) }"
        }
    }

    /// How an event enum's case reads its event: a `string` as text (`decodeText()`), anything else as JSON.
    static func decodeEvent(_ type: TypeReference, swiftType: String) -> String {
        type == .scalar(.string) ? "event.decodeText()" : "try event.decode(\(swiftType).self)"
    }

    /// The `StreamResource` arguments after `request:`: the format, then only the options the spec sets.
    var resourceArguments: [String] {
        var arguments = ["format: \(formatExpression)"]
        if let terminator = stream.terminator { arguments.append("terminator: \(SwiftLiteral.string(terminator))") }
        if let bytes = stream.maxItemBytes { arguments.append("maxItemBytes: \(Self.grouped(Int64(bytes)))") }
        if let idle = stream.idleTimeout {
            arguments.append("idleTimeout: .seconds(\(DefaultExpression.decimalText(idle)))")
        }
        if stream.maxReconnections > 0 { arguments.append("maxReconnections: \(stream.maxReconnections)") }
        return arguments + ["decodeItem: \(decodeItem)"]
    }

    /// `2_000_000_000`: an integer literal in groups of three digits, as a person writes a byte count.
    static func grouped(_ value: Int64) -> String {
        let digits = String(value)
        guard digits.count > 4, value >= 0 else { return digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return groups.joined(separator: "_")
    }

    /// The preview client's closure body: the example played through the runtime's parser, as a live stream is.
    func preview(literal: String, resource: String, method: String, arguments: Int) -> [String: MustacheValue] {
        [
            // `{ _, _ in` for the closure's arguments; `{` alone without any.
            "opening": .string(
                arguments == 0 ? "{" : "{ " + Array(repeating: "_", count: arguments).joined(separator: ", ") + " in"),
            "literal": .string(literal),
            "format": .string(formatExpression),
            "terminator": .optional(stream.terminator.map(SwiftLiteral.string)),
            "decodeItem": .string(decodeItem),
            "resource": .string(resource),
            "method": .string(method),
        ]
    }

    /// The event enum's template; nil when the stream's items are of one type.
    func eventsTemplate(deprecated: String?) -> MustacheValue? {
        guard case .named(let events) = stream.items else { return nil }
        let names = context.names
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(elementType),
            "resource": .string(names.resourceName(service: service.name, endpoint: endpoint.name)),
            "deprecation": .optional(SwiftLiteral.deprecation(deprecated)),
            "other": .string(GeneratedNames.otherEventCase),
            "cases": .items(
                events.map { event in
                    [
                        "name": .string(names.escaped(names.streamEventCase(event.name))),
                        "event": .string(event.name),
                        "literal": .string(SwiftLiteral.string(event.name)),
                        "type": .string(context.types.valueType(event.type)),
                        "decode": .string(
                            Self.decodeEvent(event.type, swiftType: context.types.valueType(event.type))),
                    ]
                }),
        ])
    }
}
