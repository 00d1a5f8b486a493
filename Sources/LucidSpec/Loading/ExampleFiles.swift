import Foundation

/// Checks that every endpoint's `example:` names a readable JSON file.
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
                    _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
                } catch {
                    context.error("example of endpoint '\(endpoint.name)': '\(path)' is not valid JSON", at: location)
                }
            }
        }
        return files
    }
}
