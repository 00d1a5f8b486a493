import LucidSpec

/// An endpoint as callers see it — the business controller's method and the client's closure share it: the
/// method name, the typed values (path parameters, query items, headers), the body, the response and whether
/// it is deprecated. Computed once per endpoint.
struct EndpointSignature {
    /// `fetchDiscover` for a GET, `rate` otherwise.
    let methodName: String
    /// Each value as (Swift name, possibly in backticks; Swift type).
    let values: [(name: String, type: String)]
    /// The body type, when the endpoint sends one.
    let bodyType: String?
    let responseType: String
    /// The deprecation message: the endpoint's, or that of a deprecated type it sends or returns.
    let deprecated: String?

    init(_ endpoint: Endpoint, service: ServiceViewModel) {
        let context = service.context
        methodName = BusinessControllerViewModel.methodName(endpoint, naming: context.naming)
        values = (endpoint.params + endpoint.query + endpoint.headers).map { parameter in
            (context.naming.escapedMemberName(parameter.name), context.types.valueType(parameter.type) + (parameter.nullable ? "?" : ""))
        }
        bodyType = endpoint.body == nil ? nil : ServiceViewModel.requestType(endpoint, types: context.types)
        responseType = ServiceViewModel.responseType(endpoint, service: service.service, naming: context.naming)
        deprecated = service.deprecation(endpoint)
    }

    /// Values then the body, labelled `body`.
    var parameters: [(name: String, type: String)] {
        values + (bodyType.map { [("body", $0)] } ?? [])
    }

    /// `id: Int, body: RatingRequest`.
    var declaration: String { parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") }
}
