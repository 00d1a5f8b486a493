import Foundation
import LucidSpec
import LucidSupport

/// A part of an endpoint the import is not sure lint accepts — a form or multipart body whose values a form may not
/// send, a JSON body of a type that may be no struct, a guessed paging — and what replaces it if lint refuses it.
/// `finishOperations` asks lint before the spec is handed out, so that a guess never makes an import fail.
struct Tentative {
    enum Part {
        /// The body, replaced by `fallback` (nil: left out).
        case body(fallback: DraftBody?)
        /// The guessed paging, left out.
        case paging
        /// The stream or download, replaced by `fallback` (a stream of one type for named events); nil: left out,
        /// and with it the endpoint when `dropsEndpoint` (one that only reads it, beside the JSON one).
        case transfer(fallback: DraftStream?, dropsEndpoint: Bool)
    }

    var service: Int
    /// The endpoint's index in its service.
    var endpoint: Int
    var part: Part
    /// A subtype made for this part only, left out with it (a multipart body's struct of file uploads).
    var subtype: String?
    /// Where the construct is in the document, for the warning when lint refuses it.
    var location: SourceLocation
    /// `the form body`, `the paging guessed from …`: what the warning names.
    var what: String
    /// What the warning says becomes of it: `it is left out`.
    var outcome: String
    /// Set: the refusal is noted once for all places of this kind, rather than warned at each.
    var noteKind: String?
    /// The same part on an endpoint made beside another (`<name>_stream`): falls back as that one does, which
    /// says so.
    var quiet = false

    /// A finding saying that lint refused this part (`warning`): left out, or sent another way.
    func finding(_ warning: String) -> ImportFinding {
        if case .body(let fallback?) = part, case .raw = fallback { return .approximated(warning, at: location) }
        if case .transfer(_?, _) = part { return .approximated(warning, at: location) }
        return .leftOut(warning, at: location)
    }

    /// `endpoint` without this part.
    func removed(from endpoint: DraftEndpoint) -> DraftEndpoint {
        var endpoint = endpoint
        switch part {
        case .body: endpoint.body = nil
        case .paging: endpoint.paging = nil
        case .transfer:
            endpoint.stream = nil
            endpoint.download = nil
        }
        return endpoint
    }

    /// `endpoint` with this part replaced by its fallback.
    func fallen(back endpoint: DraftEndpoint) -> DraftEndpoint {
        var endpoint = endpoint
        switch part {
        case .body(let fallback): endpoint.body = fallback
        case .paging: endpoint.paging = nil
        case .transfer(let fallback, let dropsEndpoint):
            endpoint.stream = fallback
            endpoint.download = nil
            endpoint.dropped = fallback == nil && dropsEndpoint
        }
        return endpoint
    }
}

/// What the conversion of operations keeps until every operation is read.
struct OpenAPIOperationState {
    var tentatives: [Tentative] = []
    /// Each operation's error responses' schemas (`default`, 4xx, 5xx) with JSON content, in document order.
    var errorSchemas: [ErrorSchema] = []
    /// Where the error responses' schema is, when the `error_payload` it became is no struct the import made:
    /// lint decides whether it is one the spec takes.
    var unsureErrorPayload: SourceLocation?

    struct ErrorSchema {
        /// The same for two schemas that decode alike: a `$ref`'s target, else the schema's text.
        var identity: String
        var schema: LocatedValue
        /// Where the schema is written (the media type's `schema` key).
        var location: SourceLocation
        var status: String
    }
}
