import Foundation
import LucidSpec

/// An endpoint's `example:` body as Swift source: the preview client answers with it and the generated
/// decoding tests decode it, both from the same embedded literal.
enum ExampleBody {
    /// The example file's text as a raw string literal; nil when the endpoint has no example.
    static func literal(of endpoint: Endpoint, in service: Service, spec: Spec) throws(GenerationError) -> String? {
        guard let path = endpoint.example else { return nil }
        // The text the loader read and checked; a spec not made by `SpecLoader` has none, and its file is read here.
        guard
            let json = spec.exampleBodies[path]
                ?? FileManager.default.contents(atPath: path).flatMap({ String(data: $0, encoding: .utf8) })
        else {
            throw GenerationError(
                "cannot read the example '\(path)' of endpoint '\(service.name).\(endpoint.name)'",
                at: endpoint.location)
        }
        return rawLiteral(json)
    }

    /// A raw string literal holding `text` exactly, with enough `#`s that nothing in it can end the literal
    /// (`"#`) or start an escape or interpolation (`\#`, as in the JSON string `"\\#(x)"`).
    static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return "\(hashes)\"\"\"\n\(body)\n\"\"\"\(hashes)"
    }
}
