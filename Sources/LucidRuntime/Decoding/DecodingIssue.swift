/// Something that went wrong while decoding but did not fail the decode: a dropped array
/// element or map value, or a lenient property that fell back to `nil`.
public struct DecodingIssue: Sendable, Hashable, CustomStringConvertible {
    /// What was tolerated.
    public enum Kind: Sendable, Hashable {
        /// An element of a failable array did not decode and was left out.
        case droppedItem(index: Int)
        /// A value of a failable map (`[String: T]`) did not decode and was left out with its key.
        case droppedValue(key: String)
        /// A lenient property was present but did not decode, so it became `nil`.
        case lenientFallback
    }

    /// The endpoint whose response was being decoded: its resource name (`movies.discover`, the service and the
    /// endpoint), method, and path template (`/movie/{id}`, never a value of the request).
    public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
        /// The resource's name, `service.endpoint` for generated resources.
        public var name: String
        /// The request's method.
        public var method: HTTPMethod
        /// The path template, placeholders unfilled; nil where it is not known (a queued request's result).
        public var path: String?

        /// Creates an endpoint's description.
        public init(name: String, method: HTTPMethod, path: String? = nil) {
            self.name = name
            self.method = method
            self.path = path
        }

        /// `movies.discover (GET /discover/movie)`, `notes.create (POST)`, or `GET /discover/movie` without a name.
        public var description: String {
            let request = [method.rawValue, path].compactMap { $0 }.joined(separator: " ")
            return name.isEmpty ? request : "\(name) (\(request))"
        }

        /// The endpoint of the response being decoded in this task: `APIClient`, a queue's typed results and the
        /// preview clients bind it around their decoding.
        @TaskLocal static var current: Endpoint?
    }

    /// What was tolerated.
    public let kind: Kind
    /// Where, in dotted form with array positions in brackets, e.g. `results[3]`.
    public let codingPath: String
    /// Why the value did not decode. It may quote the body (an enum's unknown value, a number too large), so it
    /// is for the app's own handler, not for a log anyone can read.
    public let message: String
    /// The endpoint whose response was being decoded, when the decode ran inside an `APIClient` call, a queue's
    /// `typedResult` or a preview client; nil for a decode of the app's own.
    public internal(set) var endpoint: Endpoint?

    /// Creates an issue.
    public init(kind: Kind, codingPath: String, message: String, endpoint: Endpoint? = nil) {
        self.kind = kind
        self.codingPath = codingPath
        self.message = message
        self.endpoint = endpoint
    }

    /// A one-line summary: kind, path and message.
    public var description: String {
        switch kind {
        case .droppedItem(let index): "dropped item \(index) at \(codingPath): \(message)"
        case .droppedValue(let key): "dropped value '\(key)' at \(codingPath): \(message)"
        case .lenientFallback: "lenient fallback at \(codingPath): \(message)"
        }
    }
}

/// Receives the `DecodingIssue`s of the current task.
///
/// Bind one for a scope with `DecodingIssueReporter.$current.withValue(reporter) { … }`. Outside
/// such a scope issues go to the handler installed with `setDefaultHandler(_:)`. Every reported
/// issue, whichever reporter receives it, increments `reportedCount`, so nothing is silently lost.
///
/// Without a handler, a debug build logs each dropped list item and map value, one line each, naming the
/// endpoint, the coding path and why, never a value of the body (`DroppedItemLog`); a release build stays silent.
public struct DecodingIssueReporter: Sendable {
    private let handle: @Sendable (DecodingIssue) -> Void
    /// Whether this is `default`, which logs dropped items in debug builds when no handler is installed.
    private let isDefault: Bool

    /// Creates a reporter that passes each issue to `handle`.
    public init(_ handle: @escaping @Sendable (DecodingIssue) -> Void) {
        self.init(isDefault: false, handle: handle)
    }

    private init(isDefault: Bool, handle: @escaping @Sendable (DecodingIssue) -> Void) {
        self.handle = handle
        self.isDefault = isDefault
    }

    /// The reporter of the current task; `DecodingIssueReporter.default` unless bound.
    @TaskLocal public static var current: DecodingIssueReporter = .default

    /// The reporter that forwards to the handler installed with `setDefaultHandler(_:)`; without one, a debug
    /// build logs each dropped list item and map value (a line naming the endpoint, the path and why).
    public static let `default` = DecodingIssueReporter(isDefault: true) { issue in
        let handler = defaultHandler.withLock { $0 }
        handler?(issue)
    }

    /// Reports `issue`: counts it, notes the endpoint whose response is being decoded, then hands it to this
    /// reporter.
    public func report(_ issue: DecodingIssue) {
        report(issue, logLine: nil)
    }

    /// `report(_:)`, with what the default reporter logs in a debug build when no handler is installed: a line
    /// that quotes nothing of the body (`DroppedItemLog.droppedItem(at:error:)`), made only when it is written.
    func report(_ issue: DecodingIssue, logLine: @autoclosure () -> String?) {
        var issue = issue
        if issue.endpoint == nil { issue.endpoint = DecodingIssue.Endpoint.current }
        Self.counter.withLock { $0 += 1 }
        if isDefault, Self.defaultHandler.withLock({ $0 }) == nil {
            if DroppedItemLog.isEnabled, let line = logLine() { DroppedItemLog.write(line, endpoint: issue.endpoint) }
        } else {
            handle(issue)
        }
    }

    /// Installs the app-wide handler used by the default reporter; `nil` removes it.
    public static func setDefaultHandler(_ handler: (@Sendable (DecodingIssue) -> Void)?) {
        defaultHandler.withLock { $0 = handler }
    }

    /// How many issues have been reported in this process, through any reporter.
    public static var reportedCount: Int {
        counter.withLock { $0 }
    }

    /// Runs `body` with a reporter that collects what it reports, and returns its value with those issues:
    /// how tests check that a body decodes without dropped items or lenient fallbacks.
    public static func collectingIssues<T>(_ body: () throws -> T) rethrows -> (value: T, issues: [DecodingIssue]) {
        let issues = LockedValue<[DecodingIssue]>([])
        let value = try $current.withValue(DecodingIssueReporter { issue in issues.withLock { $0.append(issue) } }) {
            try body()
        }
        return (value, issues.withLock { $0 })
    }

    private static let defaultHandler = LockedValue<(@Sendable (DecodingIssue) -> Void)?>(nil)
    private static let counter = LockedValue(0)
}

/// A short description of a decoding error, without the coding path (reported separately).
func issueMessage(for error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .keyNotFound(let key, let context):
        // A missing response header is not a key of the body: its own message says what is missing.
        return key is ResponseHeaderKey ? context.debugDescription : "Missing key '\(key.stringValue)'."
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        return context.debugDescription
    @unknown default:
        return String(describing: error)
    }
}

/// Why a value did not decode, in words that quote nothing of the body: the kind of failure, with the key or type
/// it names (which come from the types being decoded, not from the JSON). What the debug log writes, where
/// `issueMessage(for:)` could quote a value (an enum's unknown raw value, a number out of range).
func issueReason(for error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(type(of: error)) was thrown" }
    switch error {
    case .keyNotFound(let key, _):
        return key is ResponseHeaderKey
            ? "missing response header '\(key.stringValue)'" : "missing key '\(key.stringValue)'"
    case .valueNotFound(let type, _):
        return "null where \(type) was expected"
    case .typeMismatch(let type, _):
        return "a value of the wrong type where \(type) was expected"
    case .dataCorrupted:
        return "a value that is not valid for its type"
    @unknown default:
        return "a value that does not decode"
    }
}

/// The coding path an error happened at, in dotted form, or `fallback` for other errors.
func issuePath(for error: any Error, fallback: [any CodingKey]) -> String {
    guard let error = error as? DecodingError else { return fallback.dottedPath }
    switch error {
    case .keyNotFound(let key, let context):
        return (key is ResponseHeaderKey ? context.codingPath : context.codingPath + [key]).dottedPath
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        return context.codingPath.dottedPath
    @unknown default:
        return fallback.dottedPath
    }
}
