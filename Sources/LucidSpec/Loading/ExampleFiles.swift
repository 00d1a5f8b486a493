/// Checks every endpoint's `example:`: the file is readable, holds valid JSON, and decodes as the endpoint's
/// response (`ExampleChecker`). Problems are reported in the example file, at the offending character or value.
struct ExampleFiles {
    let context: DecodingContext

    /// The example files that were read.
    func check(_ spec: Spec) -> [String] {
        // Shapes are checked against a spec without errors: an unresolved type or a rejected option would only
        // produce mismatches that the spec's own errors already explain.
        // Built only for a spec with examples: it indexes the whole spec.
        let hasExamples = spec.services.contains { $0.endpoints.contains { $0.example != nil } }
        let types = !hasExamples || context.diagnostics.containsErrors ? nil : ExampleTypes(spec)
        var read: [String] = []
        for service in spec.services {
            for endpoint in service.endpoints {
                if let path = endpoint.example, check(path, of: endpoint, against: types) { read.append(path) }
            }
        }
        return read
    }

    /// Reads the example at `path`, parses it and, given `types`, checks it against the endpoint's response;
    /// whether the file could be read.
    private func check(_ path: String, of endpoint: Endpoint, against types: ExampleTypes?) -> Bool {
        let bytes: [UInt8]
        switch SpecFileReader.read(path) {
        case .failure(let failure):
            let location = endpoint.origin.locations["example="] ?? endpoint.location
            context.error("example of endpoint '\(endpoint.name)': " + failure.message(for: path), at: location)
            return false
        case .success(let read):
            bytes = read
        }
        do {
            let document = try JSONParser.parse(bytes)
            guard let types else { return true }
            for diagnostic in ExampleChecker(types: types, endpoint: endpoint, file: path).check(document) {
                context.report(diagnostic)
            }
        } catch {
            context.error(
                "example of endpoint '\(endpoint.name)': \(error.message)", at: error.position.location(in: path))
        }
        return true
    }
}
