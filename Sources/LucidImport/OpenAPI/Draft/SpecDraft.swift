import LucidSpec

/// What the import makes of an OpenAPI document, before it is a spec's text: typed definitions in the order they
/// were made, each with where in the document it comes from. Later steps change the draft, never text: cycles are
/// broken by making a property nullable, a construct lint refuses is replaced by its fallback, and `DraftLowering`
/// turns the draft into the `SpecDocument` that `SpecWriter` writes.
struct SpecDraft {
    /// The document's file name and `info` title and version, for the header.
    var source: String
    var module: String
    /// `error_payload`, the type every error response decodes as.
    var errorPayload: String?
    var server: DraftServer
    var authSchemes: [DraftAuthScheme] = []
    /// Subtypes and entities in the order they were made.
    var types: [DraftType] = []
    var services: [DraftService] = []
    /// Whether a `# TODO` marks a guess (a placeholder server).
    var hasGuess = false

    /// The type named `name`.
    func type(_ name: String) -> DraftType? { types.first { $0.name == name } }

    /// The index of the type named `name`.
    func typeIndex(_ name: String) -> Int? { types.firstIndex { $0.name == name } }
}

/// The spec's one server.
enum DraftServer {
    /// The document names none: a placeholder, marked TODO.
    case placeholder
    /// A URL, and a comment when it is a guess (`TODO: the real host`).
    case url(String, comment: String?)
    /// A URL with variables.
    case variables(url: String, comment: String?, [DraftServerVariable])
}

struct DraftServerVariable {
    var name: String
    var description: String?
    var values: [String]
    var defaultValue: String?
}

/// An auth scheme: `bearer`, `basic`, or a key in a header or query item.
struct DraftAuthScheme {
    enum Kind {
        case bearer, basic
        case key(place: String, name: String)
    }

    var name: String
    var kind: Kind
    /// Where the scheme is written in the document.
    var origin: SourceLocation?
}

/// A subtype or an entity.
struct DraftType {
    enum Kind {
        case structure(DraftStruct)
        case enumeration(DraftEnum)
        case union(DraftUnion)
        case optionSet([String])
    }

    var name: String
    var kind: Kind
    var description: String?
    var deprecated = false
    /// Why the import made it an entity (`an entity: it has the identifier 'id' (int)`), written above it.
    var reason: String?
    /// Where it is written in the document.
    var origin: SourceLocation?

    /// Whether it is an entity: a struct with an identifier.
    var isEntity: Bool {
        if case .structure(let structure) = kind { return structure.identifier != nil }
        return false
    }

    /// The struct, when it is one.
    var structure: DraftStruct? {
        get {
            if case .structure(let structure) = kind { return structure }
            return nil
        }
        set { if let newValue { kind = .structure(newValue) } }
    }
}

struct DraftStruct {
    /// The type parameter of a generic struct (a page base).
    var generic: String?
    /// The property that identifies an entity.
    var identifier: String?
    var properties: [DraftProperty] = []
    /// Made for a multipart body alone (its files are `file_upload`s): nothing else holds it.
    var multipartBody = false
}

/// A property of a struct, a parameter, a query item, a header, or a response header.
struct DraftProperty {
    enum Key {
        /// A JSON key path (`key: a.b`, a list when a key holds a dot).
        case path(String)
        /// A wire name, always quoted (`key: "page-size"`).
        case wire(String)
    }

    var name: String
    /// The type expression: `int`, `Pet`, `[Tag]`, `{string: int}`.
    var type: String
    var key: Key?
    var nullable = false
    var lenient = false
    var failableItems = false
    var format: String?
    var defaultValue: SpecValue?
    var style: String?
    var deprecated = false
    var description: String?
    /// Where it is written in the document.
    var origin: SourceLocation?
}

struct DraftEnum {
    struct Case {
        var value: String
        var name: String
        var description: String?
    }

    var cases: [Case]
    var unknown = false
}

struct DraftUnion: Hashable {
    struct Case: Hashable {
        var name: String
        var type: String
        var value: String?
    }

    var discriminator: String?
    var unknown = false
    var cases: [Case]
}

struct DraftService {
    var name: String
    /// The tag or path segment it is made from.
    var key: String
    var description: String?
    var endpoints: [DraftEndpoint] = []
}

struct DraftEndpoint {
    var name: String
    var method: String
    var path: String
    var description: String?
    var deprecated = false
    /// The auth: alternatives, each the schemes sent together (an empty one is `none`); nil for none.
    var auth: [[String]]?
    var params: [DraftProperty] = []
    var query: [DraftProperty] = []
    var headers: [DraftProperty] = []
    /// `fixed_query`: query items every request sends as written (a path key's `?beta=true`).
    var fixedQuery: [(name: String, value: String)] = []
    var body: DraftBody?
    var response: DraftResponse?
    /// `stream:`: the response read item by item (a `text/event-stream` or JSON Lines media type).
    var stream: DraftStream?
    /// `download:`: the response written to a file (a binary media type).
    var download: DraftDownload?
    var paging: DraftPaging?
    /// The example file's path, relative to the spec.
    var example: String?
    var origin: SourceLocation?
    /// Left out after lint refused what it was made for (a stream beside the JSON endpoint): removed once every
    /// tentative part is decided, so that the others' indices hold until then.
    var dropped = false
}

/// A request body.
enum DraftBody {
    /// `body: T`.
    case json(String)
    /// `body: { raw: true, content_type: T }`; no content type for `application/octet-stream`.
    case raw(contentType: String?)
    /// `body: { form: T, form_lists: comma }` or `{ multipart: T }`.
    case form(String, multipart: Bool, lists: String?)
    /// `body: { file: image/png }`: an upload from a file on disk.
    case file(contentType: String)
}

/// A response read item by item: `stream: { events: T, terminator: "[DONE]" }`.
struct DraftStream {
    /// The spec's format key: `events`, `json_lines` or `json_seq`.
    var format: StreamDescription.Format
    /// One type for every item, or (events only) a type per event name, in the document's order.
    var items: Items
    var terminator: String?
    /// Where a terminator the document does not state was guessed from (the comment above `stream:`); nil when it
    /// is stated or there is none.
    var terminatorSource: String?
    var resume: Int?
    var idleTimeout: Double?
    var maxItemBytes: Int?

    enum Items {
        case type(String)
        case named([(name: String, type: String)])

        /// Every type expression the items may hold.
        var types: [String] {
            switch self {
            case .type(let type): [type]
            case .named(let events): events.map(\.type)
            }
        }
    }
}

/// A response written to a file: `download: { content_type: video/mp4 }`, or `download: true` for any type.
struct DraftDownload {
    var contentType: String?
    var maxBytes: Int64?
    var idleTimeout: Double?
    var resume: Int?
}

struct DraftResponse {
    var type: String?
    var format: String?
    var optional = false
    var headers: [DraftProperty] = []
}

/// A guessed `paging:`, and the comment saying what it was guessed from.
struct DraftPaging {
    var value: SpecValue
    var source: String
}
