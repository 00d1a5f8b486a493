import Foundation
import LucidSupport

/// Reads an endpoint's example body the way the generated response decoder reads a live one, and reports every
/// place where that decoder would fail — or would drop a failable item — as an error in the example file, at the
/// offending JSON value (or at the object that lacks a key).
///
/// The generated decoder is the reference: `PayloadViewModel` (the walk to the payload and what is read there)
/// and `PropertyCoding` (what each property does with a missing key, a null, a bad value) in LucidCodeGen, and the
/// runtime's readers they call. The checker is split by concern, each file an extension of this class:
///
/// - here: the response — `base_key`, the body (`none`, a plain `type`, entities) and the response metadata;
/// - `ExamplePayloads`: the entity payload structures (`single`, `array`, `nested_array`) and the key paths to them;
/// - `ExampleObjects`: entities, structs and metadata, property by property (`nullable`, `default`, `lazy`,
///   `lenient`, dotted keys, identifiers);
/// - `ExampleValues`: a value against its type (lists, maps, subtypes, relationships);
/// - `ExampleScalars`, `ExampleDates`, `JSONNumberText`: the JSON forms of scalars;
/// - `MismatchLog`: the bounded report, and how failable items and lenient values change it.
final class ExampleChecker {
    /// The spec's entities and subtypes, and date formatters shared by every example of a spec.
    let types: ExampleTypes
    /// The endpoint whose response the example is.
    let endpoint: Endpoint
    /// The example file, as diagnostics name it.
    let file: String
    /// Where the value being checked is, from the body root; mismatches name it (`data.results[2].title`).
    var path: [JSONPathComponent] = []
    /// The logs being written, innermost last: a failable item or a lenient value logs separately until it is known
    /// whether its mismatches count.
    var logs = [MismatchLog()]
    /// A key the enclosing value reads from the object about to be decoded (a tagged union's discriminator): read by
    /// the next object checked, and cleared there.
    var readByEnclosing: String?

    /// How every mismatch message starts: `the response of endpoint 'discover'`, or a stream item's.
    let prefix: String

    /// A checker of one example of `endpoint`, read from `file`; `prefix` starts each mismatch message when given.
    init(types: ExampleTypes, endpoint: Endpoint, file: String, prefix: String? = nil) {
        self.types = types
        self.endpoint = endpoint
        self.file = file
        self.prefix = prefix ?? "the response of endpoint '\(endpoint.name)'"
    }

    /// Every mismatch between `document` and the endpoint's response, as errors located in the example file: at most
    /// `MismatchLog.limit`, then one that counts the rest.
    func check(_ document: JSONNode) -> [Diagnostic] {
        let response = endpoint.response
        // The runtime reads the excluded paths (below base_key) as absent; the checker removes them before reading.
        let root = document.removing(response.excludedPaths.map { response.baseKey + $0 })
        checkResponse(root)
        return logs[0].diagnostics(in: file, prefix: prefix)
    }

    // MARK: The response

    /// Walks the response as the generated `init(from:)` does. With response metadata beside the payload (or nested
    /// arrays) below a `base_key`, the decoder first reaches the payload there (`decoder.payload(at:)`) and reads
    /// everything from it; otherwise it reads the body below the `base_key` directly from the root, which lets a
    /// nullable payload's missing `base_key` step read as null. Metadata with a `root: true` value is read from the
    /// root instead (`PayloadViewModel.metadataProperties`).
    ///
    /// An `optional` response answers nil only for an empty body or a 204, which an example file cannot be: its
    /// example is checked like any other. Headers are not in the body, so not in the example.
    private func checkResponse(_ root: JSONNode) {
        let response = endpoint.response
        guard readsPayloadFirst else {
            checkBody(root, below: response.baseKey)
            checkMetadata(in: root, rooted: metadataReadsRoot)
            return
        }
        if metadataReadsRoot { checkMetadata(in: root, rooted: true) }
        let found = navigate(
            from: root, through: response.baseKey, reading: basePayloadDescription, ifPresent: payloadMayBeAbsent)
        guard case .found(let payload) = found else { return }
        at(keys: response.baseKey) { checkBody(payload, below: []) }
        if !metadataReadsRoot { at(keys: response.baseKey) { checkMetadata(in: payload, rooted: false) } }
    }

    /// Whether the decoder reaches the payload at `base_key` before reading (`PayloadViewModel.needsPayload`).
    private var readsPayloadFirst: Bool {
        let response = endpoint.response
        let metadataBesidePayload = !response.metadata.isEmpty && !metadataReadsRoot
        return !response.baseKey.isEmpty && (metadataBesidePayload || isNestedArray)
    }

    /// Whether the metadata type decodes from the body's root (some of it is `root: true`).
    private var metadataReadsRoot: Bool { endpoint.response.metadata.contains(where: \.root) }

    /// A nullable list of lists may be missing altogether, `base_key` included (`payloadIfPresent`).
    private var payloadMayBeAbsent: Bool {
        if case .entity(let payload) = endpoint.response.body { return isNestedArray && payload.nullable }
        return false
    }

    private var isNestedArray: Bool {
        if case .entity(let payload) = endpoint.response.body { return payload.structure.readsKeyInsideItems }
        return false
    }

    /// `its payload (base_key 'data.result')`, for a missing `base_key` step.
    var basePayloadDescription: String {
        "its payload (base_key '\(endpoint.response.baseKey.joined(separator: "."))')"
    }

    /// What the payload holds, read from `source` below `prefix` (the `base_key` when it was not reached first).
    private func checkBody(_ source: JSONNode, below prefix: [String]) {
        switch endpoint.response.body {
        case .none:
            return  // an empty or ignored body: anything goes
        case .type(let type):
            // `decoder.decode(T.self, at: base_key)` (or `decode(.date(format), at:)`): every step must be there.
            guard case .found(let value) = navigate(from: source, through: prefix, reading: basePayloadDescription)
            else { return }
            var options = ValueOptions()
            options.dateFormat = endpoint.response.dateFormat
            at(keys: prefix) { _ = checkValue(value, as: type, options) }
        case .entity(let payload):
            checkEntities(payload, in: source, below: prefix)
        }
    }

    // MARK: Response metadata

    /// The response metadata, decoded as one struct from `holder` (an object, at the current path): the payload,
    /// or with `rooted` the body's root, where a value beside the payload is read below `base_key` and a
    /// `root: true` value where it is.
    private func checkMetadata(in holder: JSONNode, rooted: Bool) {
        guard !endpoint.response.metadata.isEmpty else { return }
        // The metadata struct reads keyed values, so what holds them must be an object; said once.
        guard holder.object != nil else {
            mismatch(holder, expected: "an object (the response metadata)")
            return
        }
        for property in endpoint.response.metadata {
            var read = property
            if rooted, !property.root { read.keyPath = endpoint.response.baseKey + property.keyPath }
            _ = checkProperty(read, "metadata '\(property.name)'", in: holder)
        }
    }
}

/// What the example checks look up: the spec's entities and subtypes by name, and one date formatter per pattern.
final class ExampleTypes {
    /// Every entity, by name.
    let entities: [String: Entity]
    /// Every subtype, by name.
    let subtypes: [String: Subtype]
    /// Formatters made so far, by pattern (making one is slow; an example may hold thousands of dates).
    var patternFormatters: [String: DateFormatter] = [:]
    /// Report every key of an entity's or struct's object that no property reads (`lint --unread-keys`).
    var reportsUnreadKeys = false
    /// The keys each kind of object reads (`ExampleChecker.checkObject`), by its owner, member count and the key its
    /// enclosing union reads.
    var readKeys: [String: ReadKeys] = [:]
    /// The answers of `ExampleChecker.warnOfMisreadKey` so far.
    var looksMeant: [MisreadQuestion: Bool] = [:]

    /// The lookups of `spec`.
    init(_ spec: Spec) {
        entities = Dictionary(spec.entities.map { ($0.name, $0) }) { first, _ in first }
        subtypes = Dictionary(spec.subtypes.map { ($0.name, $0) }) { first, _ in first }
    }
}
