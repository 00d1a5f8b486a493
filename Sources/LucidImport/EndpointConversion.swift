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

    let file: String
    let diagnostics: ImportDiagnostics

    /// The endpoints of the file, each with its name, where it is written and its lines.
    func convert(_ root: JSONNode) -> [(name: String, location: SourceLocation, lines: [String])] {
        guard
            var object = DescriptionObject(
                root, "an endpoint payload", keys: Self.keys, file: file, diagnostics: diagnostics),
            let path = object.string("name", required: true)
        else { return [] }
        object.what = "endpoint payload '\(path)'"
        object.warnUnsupported("tests", "lucid-gen checks responses against each endpoint's 'example' body")
        let base = Self.endpointName(path)
        let what = "endpoint payload '\(path)'"
        var endpoints: [(String, SourceLocation, [String])] = []
        if object.contains("read_write"), object.contains("read") || object.contains("write") {
            diagnostics.error(
                "\(what) has 'read_write' and '\(object.contains("read") ? "read" : "write")'; 'read_write' is both",
                at: object.keyLocation("read_write") ?? object.location)
            return []
        }
        for (key, defaultMethod) in [("read", "get"), ("write", "post"), ("read_write", "get"), ("read_write", "post")]
        {
            guard let node = object[key], let location = object.keyLocation(key) else { continue }
            let name = defaultMethod == "get" ? base : base + "_write"
            let converted = payload(
                node, what: "the '\(key)' payload of \(what)", path: path, defaultMethod: defaultMethod,
                allowsMethod: key != "read_write")
            if let converted { endpoints.append((name, location, ["\(name):"] + converted.map { "  " + $0 })) }
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

    /// The endpoint's lines: the method and path (a TODO), then `response:`.
    private func payload(
        _ node: JSONNode, what: String, path: String, defaultMethod: String, allowsMethod: Bool
    ) -> [String]? {
        guard let object = DescriptionObject(node, what, keys: Self.payloadKeys, file: file, diagnostics: diagnostics)
        else { return nil }
        let method = self.method(object, default: defaultMethod, allowed: allowsMethod)
        object.warnUnsupported("entity_variations", "entities are decoded as their own descriptions say")
        let route = "/" + path.drop { $0 == "/" }
        diagnostics.warning(
            "\(what) says nothing about the request: the import writes '\(method): \(route)' on the placeholder "
                + "server, marked TODO; set the real method, path, parameters and auth",
            at: object.location)
        guard let response = ResponseConverter(object: object, what: what).lines() else { return nil }
        let methodLine = "\(method): \(SpecText.scalar(route))  # TODO: Lucid has no method or path; check them"
        return [methodLine] + Self.parameters(route) + ["response:"] + response.map { "  " + $0 }
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
                at: object["http_method"]?.location(file) ?? object.location,
                hint: Suggestions.hint(for: written, in: Self.methods) ?? "use get, post, put or delete")
        }
        return defaultMethod
    }

    /// `params:` for the `{placeholders}` a payload's name may hold, as strings (a TODO: Lucid says nothing).
    static func parameters(_ route: String) -> [String] {
        var names: [String] = []
        var rest = Substring(route)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        guard !names.isEmpty else { return [] }
        let pairs = names.map { (SpecText.scalar($0), "string") }
        return [SpecText.line("params: \(SpecText.mapping(pairs))", comment: "TODO: the parameters' types")]
    }
}
