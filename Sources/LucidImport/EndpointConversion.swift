import LucidSpec
import LucidSupport

/// Converts a Lucid endpoint payload file into lucid-gen endpoints: one per `read` / `write` (both for
/// `read_write`). Lucid's payloads carry no method, path, server or auth: each endpoint gets `get: /<name>` (or
/// its `http_method`), marked `# TODO` and reported.
struct EndpointConverter {
    static let keys = ["name", "read", "write", "read_write", "tests"]
    static let payloadKeys = ["base_key", "entity", "entity_variations", "excluded_paths", "metadata", "http_method"]
    static let entityKeys = ["entity_key", "entity_name", "structure", "nullable", "optional"]
    static let methods = ["get", "post", "put", "delete"]

    let diagnostics: ImportDiagnostics

    /// The endpoints of the file, each an entry whose origin is where its payload's key is written.
    func convert(_ root: LocatedValue) -> [SpecEntry] {
        guard
            var object = DescriptionObject(root, "an endpoint payload", keys: Self.keys, diagnostics: diagnostics),
            let path = object.string("name", required: true)
        else { return [] }
        object.what = "endpoint payload '\(path)'"
        object.warnUnsupported("tests", "lucid-gen checks responses against each endpoint's 'example' body")
        let base = Self.endpointName(path)
        let what = "endpoint payload '\(path)'"
        var endpoints: [SpecEntry] = []
        if object.contains("read_write"), object.contains("read") || object.contains("write") {
            diagnostics.error(
                "\(what) has 'read_write' and '\(object.contains("read") ? "read" : "write")'; 'read_write' is both",
                at: object.keyLocation("read_write") ?? object.location)
            return []
        }
        for (key, defaultMethod) in [("read", "get"), ("write", "post"), ("read_write", "get"), ("read_write", "post")]
        {
            guard let value = object[key], let location = object.keyLocation(key) else { continue }
            let name = defaultMethod == "get" ? base : base + "_write"
            let converted = payload(
                value, what: "the '\(key)' payload of \(what)", path: path, defaultMethod: defaultMethod,
                allowsMethod: key != "read_write")
            if let converted { endpoints.append(SpecEntry(name, .block(converted), origin: location)) }
        }
        if !["read", "write", "read_write"].contains(where: object.contains) {
            diagnostics.error("\(what) has none of 'read', 'write' or 'read_write'", at: object.location)
        }
        return endpoints
    }

    /// `/discover/movie` → `discover_movie`: the path's letters and digits, runs of anything else as one `_`.
    static func endpointName(_ path: String) -> String {
        SpecNameText.sanitized(path, prefix: "endpoint", empty: "root")
    }

    /// The endpoint's entries: the method and path (a TODO), then `response`.
    private func payload(
        _ value: LocatedValue, what: String, path: String, defaultMethod: String, allowsMethod: Bool
    ) -> [SpecEntry]? {
        guard let object = DescriptionObject(value, what, keys: Self.payloadKeys, diagnostics: diagnostics)
        else { return nil }
        let method = self.method(object, default: defaultMethod, allowed: allowsMethod)
        object.warnUnsupported("entity_variations", "entities are decoded as their own descriptions say")
        let route = "/" + path.drop { $0 == "/" }
        diagnostics.warning(
            "\(what) says nothing about the request: the import writes '\(method): \(route)' on the placeholder "
                + "server, marked TODO; set the real method, path, parameters and auth",
            at: object.location)
        guard let response = ResponseConverter(object: object, what: what).entries() else { return nil }
        let methodEntry = SpecEntry(
            method, .text(route), trailingComment: "TODO: Lucid has no method or path; check them")
        return [methodEntry] + Self.parameters(route) + [SpecEntry("response", .block(response))]
    }

    /// The payload's `http_method`, or the default for its kind; `read_write` payloads take none.
    private func method(_ object: DescriptionObject, default defaultMethod: String, allowed: Bool) -> String {
        guard let written = object.string("http_method") else { return defaultMethod }
        if !allowed {
            diagnostics.error(
                "a 'read_write' payload cannot set 'http_method'",
                at: object.keyLocation("http_method") ?? object.location)
        } else if Self.methods.contains(written) {
            return written
        } else {
            diagnostics.error(
                "'\(written)' is not an HTTP method Lucid knows",
                at: object["http_method"]?.location ?? object.location,
                hint: Suggestions.hint(for: written, in: Self.methods) ?? "use get, post, put or delete")
        }
        return defaultMethod
    }

    /// `params:` for the `{placeholders}` a payload's name may hold, as strings (a TODO: Lucid says nothing).
    static func parameters(_ route: String) -> [SpecEntry] {
        var names: [String] = []
        var rest = Substring(route)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        guard !names.isEmpty else { return [] }
        let parameters = names.map { SpecEntry($0, .text("string")) }
        return [SpecEntry("params", .flow(parameters), trailingComment: "TODO: the parameters' types")]
    }
}
