import LucidSpec

/// The `paths` object: path items keyed by path template, in the order endpoints are declared.
///
/// OpenAPI treats templates that differ only in placeholder names (`/movie/{id}`, `/movie/{movie_id}`) as one
/// path, so a later endpoint is listed under the first template of its shape, its path parameters renamed. One
/// method per path item: an endpoint repeating another's method and path shape is left out, with a warning; unless
/// it sends the same request and reads the response another way (a stream beside JSON, what the import makes of
/// OpenAI's chat completions): its media types join the first's success response, as the document said them.
struct OpenAPIPaths {
    private var order: [String] = []
    private var items: [String: OpenAPIJSON] = [:]
    /// Shape (`/movie/{}`) → the template it is listed under and the endpoint that first used each method.
    private var templates: [String: (template: String, methods: [String: String])] = [:]
    /// `<method> <template>` → whether the operation listed there reads its response whole, as a stream or as a
    /// download, each at most once.
    private var readings: [String: Set<String>] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    /// Lists `endpoint`'s operation, made by `operation` from the renamed path parameters; or, when its method and
    /// path shape are taken, a warning.
    mutating func add(_ endpoint: Endpoint, operation: ([String: String]) -> OpenAPIJSON) {
        let shape = Self.shape(of: endpoint.path)
        let method = endpoint.method.specKey
        let template = templates[shape]?.template ?? endpoint.path
        let reading = endpoint.stream != nil ? "stream" : endpoint.download != nil ? "download" : "whole"
        if let first = templates[shape]?.methods[method] {
            let renamed = Dictionary(
                zip(endpoint.pathPlaceholders, Endpoint.placeholders(in: template)).map { ($0, $1) }
            ) { first, _ in first }
            let key = method + " " + template
            if readings[key]?.contains(reading) == false, merge(operation(renamed), method: method, template: template)
            {
                readings[key]?.insert(reading)
                return
            }
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
        readings[method + " " + template] = [reading]
        let renamed = Dictionary(
            zip(endpoint.pathPlaceholders, Endpoint.placeholders(in: template)).map { ($0, $1) }
        ) { first, _ in first }
        let item = items[template] ?? .object([:])
        items[template] = item.setting(method, operation(renamed))
    }

    /// Adds the success media types of `operation` to those of the operation listed for `method` at `template`,
    /// when both send the same request (parameters, body, security) and no media type is in both; false otherwise.
    private mutating func merge(_ operation: OpenAPIJSON, method: String, template: String) -> Bool {
        guard let item = items[template], let listed = item[method], let responses = listed["responses"],
            let success = responses["2XX"], case .object(let added)? = operation["responses"]?["2XX"]?["content"],
            case .object(var media) = success["content"] ?? .object([]),
            ["parameters", "requestBody", "security"].allSatisfy({ listed[$0] == operation[$0] }),
            !added.contains(where: { new in media.contains { $0.0 == new.0 } })
        else { return false }
        media += added
        let merged = responses.setting("2XX", success.setting("content", .object(media)))
        items[template] = item.setting(method, listed.setting("responses", merged))
        return true
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
