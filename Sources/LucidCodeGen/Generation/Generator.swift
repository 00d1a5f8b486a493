import Foundation
import LucidOutput
import LucidSpec

/// Turns a resolved spec into generated Swift files: one declaration per file, grouped by kind
/// (`Entities/`, `Subtypes/`, `Payloads/`), in a stable order whatever the spec's dictionaries did. A layout then
/// bundles them into the files written: `KindLayout` (one file per kind) or, for plugins, `FixedLayout`.
public struct Generator: Sendable {
    public let spec: Spec
    /// The spec's path as given; only its file name reaches the generated header.
    public let specFile: String
    public let templates: TemplateSet
    /// Told each template name and the view model rendered with it, before rendering: `TemplateContractTests`
    /// checks every key a template reads against what the view models really hand it. Nil outside tests.
    var renderObserver: (@Sendable (_ template: String, _ value: MustacheValue) -> Void)?

    public init(spec: Spec, specFile: String, templates: TemplateSet) {
        self.spec = spec
        self.specFile = specFile
        self.templates = templates
    }

    /// Why view models never meet an unresolved type: `files()` and `testFiles()` refuse such a spec first.
    static let resolvedOnly = "Generator reads resolved specs only (SpecLoader's); files() checks it"

    /// Every generated file, sorted by path.
    ///
    /// - Throws: `GenerationError` for a spec that is not resolved (one not made by `SpecLoader`), for a template
    ///   that fails to render, and for an example body that cannot be read.
    public func files() throws(GenerationError) -> [GeneratedFile] {
        try checkResolved()
        let context = GenerationContext(spec: spec, specFile: specFile)
        // Each entity, subtype, payload and service is rendered on its own, so they are spread over the cores.
        let jobs =
            // An instance of a generic (`page<track>`) is the generic's type: the generic is declared once.
            spec.entities.map(Job.entity) + spec.subtypes.filter { $0.instance == nil }.map(Job.subtype)
            + spec.services.flatMap { service in service.endpoints.map { Job.payload(service, $0) } }
            + spec.services.map(Job.service)
        var files = try concurrently(jobs, context)
        files += try moduleFiles(context)
        files.sort { $0.path < $1.path }
        try checkPathsAreDistinct(files)
        return files
    }

    /// What one declaration's files are rendered from.
    private enum Job: Sendable {
        case entity(Entity)
        case subtype(Subtype)
        case payload(Service, Endpoint)
        case service(Service)
    }

    private func files(of job: Job, _ context: GenerationContext) throws(GenerationError) -> [GeneratedFile] {
        switch job {
        case .entity(let entity): return try entityFiles(entity, context)
        case .subtype(let subtype): return [try subtypeFile(subtype, context)]
        case .payload(let service, let endpoint): return try payloadFiles(service, endpoint, context)
        case .service(let service): return try serviceFiles(service, context)
        }
    }

    /// Renders `jobs` on every core; their files in job order, or the error of the first job (in order) that failed.
    private func concurrently(_ jobs: [Job], _ context: GenerationContext) throws(GenerationError) -> [GeneratedFile] {
        let results = ResultSlots(count: jobs.count)
        #if LUCID_FUZZ
        // The fuzz build (`make fuzz`) renders on one thread: libFuzzer's coverage counters, bumped by several
        // threads at once, would differ between runs of one input, and a seeded run would not repeat.
        let chunks = 1
        #else
        // A few chunks per core: the jobs differ in size, so that no core waits long for another.
        let chunks = max(1, min(jobs.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        #endif
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for index in stride(from: chunk, to: jobs.count, by: chunks) {
                results.set(index, Result { () throws(GenerationError) in try self.files(of: jobs[index], context) })
            }
        }
        let all = results.all
        var files: [GeneratedFile] = []
        // Most jobs make one or two files: room for two each spares the list regrowing.
        files.reserveCapacity(all.count * 2)
        for result in all { files += try result.get() }
        return files
    }

    /// The files for the user's test target (`generate --tests DIR`): a suite decoding every `example:` body,
    /// which `@testable import`s `module` (default: the spec's `module`); none when the spec has no example.
    public func testFiles(module: String? = nil) throws(GenerationError) -> [GeneratedFile] {
        try checkResolved()
        let context = GenerationContext(spec: spec, specFile: specFile)
        let model = ExampleTestsViewModel(context: context, module: module ?? spec.module)
        if model.examples.isEmpty { return [] }
        var tests = try file("\(model.typeName).swift", "ExampleTests", try model.template())
        // The header is what makes the file lucid-gen's to replace next time (code files get theirs when bundled);
        // an overriding template without `{{header}}` still writes it.
        if !tests.contents.hasPrefix(context.header) { tests.contents = context.header + "\n" + tests.contents }
        return [tests]
    }

    private func checkResolved() throws(GenerationError) {
        guard spec.isResolved else {
            throw GenerationError("the spec names types that are not resolved; load it with SpecLoader", at: nil)
        }
    }

    /// Validation checks every generated type name on `GeneratedNames`, the table these paths come from, so two
    /// files with one path mean the table and the generator disagree: a bug in lucid-gen, never written. The
    /// files are sorted by path, so two of one path are neighbours.
    private func checkPathsAreDistinct(_ sorted: [GeneratedFile]) throws(GenerationError) {
        for index in sorted.indices.dropFirst() where sorted[index].path == sorted[index - 1].path {
            throw GenerationError(
                "internal error: two generated files are named '\(sorted[index].path)'; please report this", at: nil)
        }
    }

    /// Auth scheme types, the servers, the error payload decoder and the response handling of queued endpoints.
    private func moduleFiles(_ context: GenerationContext) throws(GenerationError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for scheme in spec.authSchemes {
            let model = AuthViewModel(scheme: scheme, context: context)
            files.append(try file("Auth/\(model.typeName).swift", "Auth", model.template))
        }
        if !spec.servers.isEmpty {
            let servers = ServersViewModel(context: context)
            files.append(try file("\(servers.typeName).swift", "Servers", servers.template))
        }
        if let payload = spec.errorPayload {
            let model = ErrorPayloadViewModel(context: context, payload: payload)
            files.append(try file("\(model.typeName).swift", "ErrorPayload", model.template))
        }
        let handling = ResponseHandlingViewModel(context: context)
        if !handling.queued.isEmpty {
            files.append(
                try file("ResponseHandling/\(handling.typeName).swift", "ResponseHandling", handling.template()))
        }
        return files
    }

    /// A service's `<Service>Service`, business controller and client.
    private func serviceFiles(
        _ service: Service, _ context: GenerationContext
    ) throws(GenerationError)
        -> [GeneratedFile]
    {
        let model = ServiceViewModel(service: service, context: context)
        let controller = BusinessControllerViewModel(service: service, context: context)
        let client = ClientViewModel(service: service, context: context)
        return [
            try file("Services/\(model.typeName).swift", "Service", model.template),
            try file("BusinessControllers/\(controller.typeName).swift", "BusinessController", controller.template),
            try file("Clients/\(client.typeName).swift", "Client", try client.template()),
        ]
    }

    private func entityFiles(_ entity: Entity, _ context: GenerationContext) throws(GenerationError) -> [GeneratedFile]
    {
        let typeName = context.names.entity(entity.name)
        var model = StructViewModel(entity: entity, context: context)
        model.isResponsePayload = context.directlyAnswered.contains(.entity(entity.name))
        var files = [try file("Entities/\(typeName).swift", "Struct", model.template)]
        if !entity.metadata.isEmpty {
            let metadata = StructViewModel(metadataOf: entity, context: context)
            files.append(try file("Entities/\(metadata.typeName).swift", "Struct", metadata.template))
        }
        return files
    }

    private func subtypeFile(_ subtype: Subtype, _ context: GenerationContext) throws(GenerationError) -> GeneratedFile
    {
        let path = "Subtypes/\(context.types.typeName(ofSubtype: subtype.name)).swift"
        switch subtype.kind {
        case .enumeration(let cases, let unknownFallback):
            return try file(
                path, "Enum",
                EnumViewModel(subtype: subtype, cases: cases, unknownFallback: unknownFallback, context: context)
                    .template)
        case .optionSet(let options):
            return try file(
                path, "OptionSet", OptionSetViewModel(subtype: subtype, options: options, context: context).template)
        case .structure(let properties):
            var model = StructViewModel(
                typeName: context.types.typeName(ofSubtype: subtype.name), description: subtype.description,
                deprecated: subtype.deprecated, properties: properties, context: context)
            model.patch = subtype.patch
            model.cycleOwner = subtype.name
            model.subtypeName = subtype.name
            model.typeParameters = subtype.typeParameters.map(context.types.typeName(ofParameter:))
            model.isResponsePayload =
                subtype.isGeneric
                ? context.directlyAnswered.contains { answered in
                    guard case .subtype(let name) = answered else { return false }
                    return context.types.instances[name]?.generic == subtype.name
                }
                : context.directlyAnswered.contains(.subtype(subtype.name))
            return try file(path, "Struct", model.template)
        case .union(let union):
            return try file(path, "Union", UnionViewModel(subtype: subtype, union: union, context: context).template)
        }
    }

    private func payloadFiles(
        _ service: Service, _ endpoint: Endpoint, _ context: GenerationContext
    ) throws(GenerationError) -> [GeneratedFile] {
        let payload = PayloadViewModel(service: service, endpoint: endpoint, context: context)
        if let stream = endpoint.stream {
            let events = StreamTemplate(stream: stream, endpoint: endpoint, service: service, context: context)
            guard let template = events.eventsTemplate(deprecated: payload.endpointDeprecation) else { return [] }
            return [try file("Payloads/\(events.elementType).swift", "StreamEvents", template)]
        }
        // An endpoint answering an entity or struct subtype directly answers that type: no payload of its own.
        if payload.isEmpty || context.directType(endpoint.response) != nil { return [] }
        var files = [try file("Payloads/\(payload.typeName).swift", "Payload", payload.template)]
        if let metadataTypeName = payload.metadataTypeName {
            let metadata = StructViewModel(
                typeName: metadataTypeName,
                description: "Values read beside the payload of \(service.name).\(endpoint.name).",
                deprecated: payload.deprecated, properties: payload.metadataProperties, context: context)
            files.append(try file("Payloads/\(metadataTypeName).swift", "Struct", metadata.template))
        }
        return files
    }

    private func file(
        _ path: String, _ template: String, _ value: MustacheValue
    ) throws(GenerationError) -> GeneratedFile {
        renderObserver?(template, value)
        return GeneratedFile(path: path, contents: LineWrapper.wrap(try templates.render(template, value)))
    }
}

/// One result per index, filled from several threads.
private final class ResultSlots: @unchecked Sendable {
    // `@unchecked`: `slots` is only touched while holding `lock`.
    private let lock = NSLock()
    private var slots: [Result<[GeneratedFile], GenerationError>]

    init(count: Int) { slots = Array(repeating: .success([]), count: count) }

    func set(_ index: Int, _ result: Result<[GeneratedFile], GenerationError>) {
        lock.withLock { slots[index] = result }
    }

    var all: [Result<[GeneratedFile], GenerationError>] { lock.withLock { slots } }
}
