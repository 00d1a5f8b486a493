/// Checks that every endpoint's `example:` names a readable file of valid JSON; a syntax error is reported in the
/// example file, at the offending character.
struct ExampleFiles {
    let context: DecodingContext

    /// The example files that were read.
    func check(_ spec: Spec) -> [String] {
        var files: [String] = []
        for endpoint in spec.services.flatMap(\.endpoints) {
            guard let path = endpoint.example else { continue }
            let location = endpoint.origin.locations["example="] ?? endpoint.location
            switch SpecFileReader.read(path) {
            case .failure(let failure):
                context.error("example of endpoint '\(endpoint.name)': " + failure.message(for: path), at: location)
            case .success(let bytes):
                files.append(path)
                do {
                    _ = try JSONParser.parse(bytes)
                } catch {
                    context.error(
                        "example of endpoint '\(endpoint.name)': \(error.message)",
                        at: error.position.location(in: path))
                }
            }
        }
        return files
    }
}
