import Foundation
import LucidSupport

/// Checks every endpoint's `example:`: the file is readable, holds valid JSON, and decodes as the endpoint's
/// response (`ExampleChecker`). Problems are reported in the example file, at the offending character or value.
struct ExampleFiles {
    let context: DecodingContext
    /// Where the example files are read.
    let source: SpecFileSource
    /// Warn of keys no property reads (`lint --unread-keys`).
    var reportsUnreadKeys = false

    /// The example files that were read (once per endpoint naming one), and the text of each that is UTF-8, by
    /// path: the generator embeds that text, so generated code holds exactly what was checked.
    func check(_ spec: Spec) -> (files: [String], bodies: [String: String]) {
        // Shapes are checked against a spec without errors: an unresolved type or a rejected option would only
        // produce mismatches that the spec's own errors already explain.
        // Built only for a spec with examples: it indexes the whole spec.
        let hasExamples = spec.services.contains { $0.endpoints.contains { $0.example != nil } }
        let types = !hasExamples || context.diagnostics.containsErrors ? nil : ExampleTypes(spec)
        types?.reportsUnreadKeys = reportsUnreadKeys
        var files: [String] = []
        var bodies: [String: String] = [:]
        for service in spec.services {
            for endpoint in service.endpoints {
                guard let path = endpoint.example, let bytes = check(path, of: endpoint, against: types) else {
                    continue
                }
                files.append(path)
                bodies[path] = String(bytes: bytes, encoding: .utf8)
            }
        }
        return (files, bodies)
    }

    /// Reads the example at `path`, parses it and, given `types`, checks it against the endpoint's response;
    /// the file's bytes, or nil when it could not be read.
    private func check(_ path: String, of endpoint: Endpoint, against types: ExampleTypes?) -> [UInt8]? {
        let bytes: [UInt8]
        switch source.read(path) {
        case .failure(let failure):
            let location = endpoint.origin.locations["example="] ?? endpoint.location
            context.error("example of endpoint '\(endpoint.name)': " + failure.message(for: path), at: location)
            return nil
        case .success(let read):
            bytes = read
        }
        if let stream = endpoint.stream {
            checkStream(bytes, of: endpoint, stream, file: path, against: types)
            return bytes
        }
        do {
            let document = try JSONParser.parse(bytes)
            guard let types else { return bytes }
            for diagnostic in ExampleChecker(types: types, endpoint: endpoint, file: path).check(document) {
                context.report(diagnostic)
            }
            checkPagingPaths(of: endpoint, in: document, file: path)
        } catch {
            context.error(
                "example of endpoint '\(endpoint.name)': \(error.message)", at: error.position.location(in: path))
        }
        return bytes
    }

    /// A stream's example, item by item: each JSON text parses and decodes as the item's type (its event's type, for
    /// named events; an event of another name is the enum's `other` and not checked), up to the terminator. An
    /// example with no item is an error: the preview would play nothing.
    private func checkStream(
        _ bytes: [UInt8], of endpoint: Endpoint, _ stream: StreamDescription, file path: String,
        against types: ExampleTypes?
    ) {
        let items = StreamExample.items(of: bytes, format: stream.format)
        var checked = 0
        for item in items {
            if let terminator = stream.terminator, item.text.elementsEqual(terminator.utf8) { break }
            checked += 1
            let type: TypeReference?
            switch stream.items {
            case .type(let one): type = one
            case .named(let events): type = events.first { $0.name == item.event }?.type
            }
            // A `string` item is read as text when it is no JSON string (Mastodon's bare IDs): anything goes.
            guard let type, type != .scalar(.string) || item.text.first == UInt8(ascii: "\"") else { continue }
            do {
                let document = try JSONParser.parse(item.located)
                guard let types else { continue }
                var itemEndpoint = endpoint
                itemEndpoint.response = ResponseDescription(
                    baseKey: [], body: .type(type), metadata: [], excludedPaths: [], location: endpoint.location)
                let prefix =
                    "the \(item.event == "message" ? "item" : "'\(item.event)' event") of endpoint '\(endpoint.name)'"
                let checker = ExampleChecker(types: types, endpoint: itemEndpoint, file: path, prefix: prefix)
                for diagnostic in checker.check(document) {
                    context.report(diagnostic)
                }
            } catch {
                context.error(
                    "example of endpoint '\(endpoint.name)': \(error.message)", at: error.position.location(in: path))
            }
        }
        if checked == 0 {
            context.error(
                "example of endpoint '\(endpoint.name)' holds no \(stream.format == .events ? "event" : "item")",
                at: .start(of: path),
                hint: stream.format == .events
                    ? "write each event as 'data: {...}' followed by an empty line" : "write one JSON text a line")
        }
    }

    /// Warns of a body path of `paging` the example does not have: a misspelt path reads as absent, which ends the
    /// pages after the first without an error (a list or a scalar on the way has no keys at all). A null on the way
    /// stops the check: a last page may have `next: null`.
    private func checkPagingPaths(of endpoint: Endpoint, in document: JSONNode, file: String) {
        guard let paging = endpoint.paging else { return }
        for (key, path) in paging.style.bodyPaths {
            var node = document
            for (depth, step) in path.enumerated() {
                if node.isNull { break }
                guard let next = node.object?[step] else {
                    let read = path[...depth].joined(separator: ".")
                    context.warning(
                        "'\(key)' of the paging of endpoint '\(endpoint.name)' reads '\(path.joined(separator: "."))', "
                            + "but its example \(file) has no '\(read)': each page would look like the last",
                        at: paging.locations[key] ?? paging.location,
                        hint: "write the keys from the body's root as the example has them")
                    break
                }
                node = next
            }
        }
    }
}
