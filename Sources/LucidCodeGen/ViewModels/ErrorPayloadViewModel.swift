import LucidSpec

/// `<Module>ErrorPayload`: decodes non-2xx bodies as the spec's `error_payload`, for `APIClient(errorPayload:)`
/// and the response router.
struct ErrorPayloadViewModel {
    let context: GenerationContext
    /// The spec's `error_payload` (a struct subtype or an entity).
    let payload: String

    var typeName: String { context.names.errorPayload }

    /// The `decode` attribute when the payload type is deprecated: whatever uses `decode` by default (the
    /// router's init) carries it too, so the generated code compiles without warnings.
    var deprecation: String? {
        let message = context.types.deprecatedEntities[payload] ?? context.types.deprecatedSubtypes[payload]
        return SwiftLiteral.deprecation(message)
    }

    var template: MustacheValue {
        let isEntity = context.spec.entities.contains { $0.name == payload }
        let payloadType =
            isEntity ? context.types.typeName(ofEntity: payload) : context.types.typeName(ofSubtype: payload)
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "payloadType": .string(payloadType),
            "deprecation": deprecation.map(MustacheValue.string) ?? .null,
        ])
    }
}
