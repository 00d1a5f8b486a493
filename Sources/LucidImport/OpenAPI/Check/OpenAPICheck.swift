import Foundation
import LucidSpec
import LucidSupport

/// The last step before the spec is written: lint reads it in memory as `lucid-gen lint` would — with its example
/// files, in a temporary folder, when they are written — and what it says is reported as the import's: about an
/// example, at the example in the document (an example that does not fit is not written); about a line the overlay
/// wrote, at the overlay's key; about any other line, `the converted spec: …` quoting the line — an error at the
/// construct of the document the line was made from, since a spec with errors is never written.
struct OpenAPICheck {
    /// The spec's name in its own diagnostics.
    let specName: String
    /// The overlay's path, whose entries' diagnostics are reported there.
    let overlay: String?
    let diagnostics: ImportDiagnostics

    /// The paths of the example files `document`'s endpoints name.
    static func examplePaths(_ document: SpecDocument) -> Set<String> {
        var paths: Set<String> = []
        forEachEndpoint(of: document) { endpoint in
            if let path = endpoint["example"]?.value.scalarText { paths.insert(path) }
        }
        return paths
    }

    /// `document` without the `example:` entries that name one of `paths`.
    static func removingExamples(_ paths: Set<String>, from document: SpecDocument) -> SpecDocument {
        var document = document
        mapEndpoints(of: &document) { endpoint in
            if let path = endpoint["example"]?.value.scalarText, paths.contains(path) { endpoint.remove("example") }
        }
        return document
    }

    /// Lints `document` alone (its examples are not written).
    func lint(_ document: SpecDocument) {
        let lines = SpecWriter.lines(document)
        let result = SpecLoader().load(yaml: lines.map(\.text).joined(separator: "\n") + "\n", file: specName)
        for diagnostic in result.diagnostics {
            report(diagnostic, line: diagnostic.location.line - 1, of: lines) { $0.location.line - 1 }
        }
    }

    /// Lints `document` with `examples` written beside it in a temporary folder; returns the spec without the
    /// examples that do not fit (each a warning at the example in the document) and the examples kept. `folder` is
    /// where the spec will be written: example files the spec names that are not the import's (an overlay's) are
    /// read there.
    func lint(
        _ document: SpecDocument, examples: [ImportedExample], folder: String
    ) -> (document: SpecDocument, examples: [ImportedExample]) {
        let temporary = NSTemporaryDirectory() + "lucid-gen-import-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let checked = Self.readingOtherExamples(in: folder, document, own: Set(examples.map(\.path)))
        let specPath = temporary + "/spec.lucid.yaml"
        let checkedLines = SpecWriter.lines(checked)
        do {
            for example in examples {
                let path = temporary + "/" + example.path
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(example.text.utf8).write(to: URL(fileURLWithPath: path))
            }
            try Data((checkedLines.map(\.text).joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: specPath))
        } catch {
            diagnostics.report(
                .leftOut(
                    "the response examples could not be checked (\(PlainFileErrors.reason(error))); none is written",
                    at: examples[0].location))
            let plain = Self.removingExamples(Set(examples.map(\.path)), from: document)
            lint(plain)
            return (plain, [])
        }
        let result = SpecLoader().load(path: specPath)
        let dropped = examples.filter { !fits($0, result.diagnostics, folder: temporary) }
        let final = Self.removingExamples(Set(dropped.map(\.path)), from: document)
        let finalLines = SpecWriter.lines(final)
        for diagnostic in result.diagnostics where diagnostic.location.file == specPath {
            var diagnostic = diagnostic
            // Lint names the example files where it read them: name them as the spec does.
            diagnostic.message = diagnostic.message.replacingOccurrences(of: temporary + "/", with: "")
            diagnostic.hint = diagnostic.hint?.replacingOccurrences(of: temporary + "/", with: "")
            func line(_ diagnostic: Diagnostic) -> Int? {
                guard diagnostic.location.file == specPath else { return nil }
                return Self.line(diagnostic.location.line - 1, of: checkedLines, in: finalLines)
            }
            report(diagnostic, line: line(diagnostic), of: finalLines, notes: line)
        }
        return (final, examples.filter { example in !dropped.contains(example) })
    }

    /// Whether `example` fits the spec: lint's diagnostics in its file are warnings at the example in the document,
    /// and one that does not fit (an error) is not written.
    private func fits(_ example: ImportedExample, _ found: [Diagnostic], folder: String) -> Bool {
        let file = folder + "/" + example.path
        let own = found.filter { $0.location.file == file }
        let errors = own.filter { $0.severity == .error }
        for diagnostic in own {
            let position = "\(diagnostic.location.line):\(diagnostic.location.column)"
            if errors.isEmpty {
                diagnostics.report(
                    .lint(
                        "the response example of endpoint '\(example.endpoint)' (line \(position) of"
                            + " \(example.path)): \(diagnostic.message)", at: example.location))
            } else if diagnostic == errors[0] {
                diagnostics.report(
                    .leftOut(
                        "the response example of endpoint '\(example.endpoint)' does not fit the imported types"
                            + " (line \(position) of \(example.path)): \(diagnostic.message); it is not written",
                        at: example.location))
            }
        }
        return errors.isEmpty
    }

    /// A diagnostic about line `index` (from 0) of the spec `lines`: at the overlay's key when the overlay wrote the
    /// line, else about the converted spec, quoting the line. `notes` gives the line of a note about the spec.
    private func report(
        _ diagnostic: Diagnostic, line index: Int?, of lines: [SpecWriter.Line], notes: (Diagnostic) -> Int?
    ) {
        var converted = diagnostic
        converted.location.file = specName
        converted.notes = diagnostic.notes.map { note in
            guard let line = notes(note), lines.indices.contains(line) else { return note }
            var note = note
            // Notes of an error point into the document too (the spec is not written); others at the overlay only.
            let origin = lines[line].origin.flatMap { $0.file == overlay || diagnostic.severity == .error ? $0 : nil }
            note.location = origin ?? SourceLocation(file: specName, line: line + 1, column: note.location.column)
            return note
        }
        guard let index, lines.indices.contains(index) else {
            converted.message = "the converted spec: " + diagnostic.message
            diagnostics.addLint(converted)
            return
        }
        let line = lines[index]
        converted.location.line = index + 1
        if let overlay, let origin = line.origin, origin.file == overlay {
            converted.location = origin
            converted.message = "the overlay makes the spec invalid: " + diagnostic.message
            if line.path.count == 1, converted.hint == nil,
                let key = Suggestions.closest(to: line.path[0], in: OpenAPIOverlay.overlayKeys)
            {
                converted.hint = "did you mean '\(key)'?"
            }
        } else {
            converted.message =
                "the converted spec: " + diagnostic.message
                + " (in '\(line.text.trimmingCharacters(in: .whitespaces))')"
            // A spec with an error is never written: the construct of the document the line was made from is where
            // the user can look.
            if converted.severity == .error, let origin = line.origin { converted.location = origin }
        }
        diagnostics.addLint(converted)
    }

    /// The line of `to` that is line `index` of `from`: the same entry's line, counted among that entry's lines
    /// (examples taken out of `from` move the lines after them).
    private static func line(_ index: Int, of from: [SpecWriter.Line], in to: [SpecWriter.Line]) -> Int? {
        guard from.indices.contains(index) else { return nil }
        let path = from[index].path
        let rank = from[..<index].filter { $0.path == path }.count
        let matches = to.indices.filter { to[$0].path == path }
        return matches.indices.contains(rank) ? matches[rank] : nil
    }

    /// `document` with the example files it names that are not the import's read where the spec will be written.
    private static func readingOtherExamples(
        in folder: String, _ document: SpecDocument, own: Set<String>
    ) -> SpecDocument {
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.path
        var document = document
        mapEndpoints(of: &document) { endpoint in
            guard let path = endpoint["example"]?.value.scalarText, !own.contains(path), !path.hasPrefix("/") else {
                return
            }
            endpoint.set("example", .quoted(base + "/" + path))
        }
        return document
    }

    private static func forEachEndpoint(of document: SpecDocument, _ body: (SpecMapping) -> Void) {
        for service in document.root["services"]?.value.mapping?.entries ?? [] {
            for endpoint in service.value.mapping?["endpoints"]?.value.mapping?.entries ?? [] {
                if let mapping = endpoint.value.mapping { body(mapping) }
            }
        }
    }

    private static func mapEndpoints(of document: inout SpecDocument, _ body: (inout SpecMapping) -> Void) {
        guard let servicesIndex = document.root.index(of: "services"),
            var services = document.root.entries[servicesIndex].value.mapping
        else { return }
        for serviceIndex in services.entries.indices {
            guard var endpoints = services.entries[serviceIndex].value.mapping?["endpoints"]?.value.mapping else {
                continue
            }
            for index in endpoints.entries.indices {
                guard var endpoint = endpoints.entries[index].value.mapping else { continue }
                body(&endpoint)
                endpoints.entries[index].value = .mapping(endpoint)
            }
            services.entries[serviceIndex].value.setMember("endpoints", .mapping(endpoints))
        }
        document.root.entries[servicesIndex].value = .mapping(services)
    }
}
