import LucidSpec

/// The `paths` object: path items keyed by path template, in the order endpoints are declared.
///
/// OpenAPI treats templates that differ only in placeholder names (`/movie/{id}`, `/movie/{movie_id}`) as one
/// path, so a later endpoint is listed under the first template of its shape, its path parameters renamed. One
/// method per path item: an endpoint repeating another's method and path shape is left out, with a warning.
struct OpenAPIPaths {
    private var order: [String] = []
    private var items: [String: OpenAPIJSON] = [:]
    /// Shape (`/movie/{}`) → the template it is listed under and the endpoint that first used each method.
    private var templates: [String: (template: String, methods: [String: String])] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    /// Lists `endpoint`'s operation, made by `operation` from the renamed path parameters; or, when its method and
    /// path shape are taken, a warning.
    mutating func add(_ endpoint: Endpoint, operation: ([String: String]) -> OpenAPIJSON) {
        let shape = Self.shape(of: endpoint.path)
        let method = endpoint.method.specKey
        let template = templates[shape]?.template ?? endpoint.path
        if let first = templates[shape]?.methods[method] {
            diagnostics.append(
                .warning(
                    "endpoint '\(endpoint.name)' is left out of the OpenAPI document: endpoint '\(first)' is "
                        + "\(endpoint.method.rawValue) \(template) there, "
                        + "and OpenAPI has one operation per method and path",
                    at: endpoint.location))
            return
        }
        if templates[shape] == nil {
            templates[shape] = (endpoint.path, [:])
            order.append(endpoint.path)
        }
        templates[shape]?.methods[method] = endpoint.name
        let renamed = Dictionary(
            zip(endpoint.pathPlaceholders, Endpoint.placeholders(in: template)).map { ($0, $1) }
        ) { first, _ in first }
        let item = items[template] ?? .object([:])
        items[template] = item.setting(method, operation(renamed))
    }

    var json: OpenAPIJSON { .object(order.map { ($0, items[$0] ?? .object([:])) }) }

    /// The path with every placeholder emptied: `/movie/{}`.
    static func shape(of path: String) -> String {
        var result = ""
        var inPlaceholder = false
        for character in path {
            if character == "}" { inPlaceholder = false }
            if !inPlaceholder { result.append(character) }
            if character == "{" { inPlaceholder = true }
        }
        return result
    }
}
