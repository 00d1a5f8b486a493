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

    /// What was tolerated.
    public let kind: Kind
    /// Where, in dotted form with array positions in brackets, e.g. `results[3]`.
    public let codingPath: String
    /// Why the value did not decode.
    public let message: String

    /// Creates an issue.
    public init(kind: Kind, codingPath: String, message: String) {
        self.kind = kind
        self.codingPath = codingPath
        self.message = message
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
public struct DecodingIssueReporter: Sendable {
    private let handle: @Sendable (DecodingIssue) -> Void

    /// Creates a reporter that passes each issue to `handle`.
    public init(_ handle: @escaping @Sendable (DecodingIssue) -> Void) {
        self.handle = handle
    }

    /// The reporter of the current task; `DecodingIssueReporter.default` unless bound.
    @TaskLocal public static var current: DecodingIssueReporter = .default

    /// The reporter that forwards to the handler installed with `setDefaultHandler(_:)`.
    public static let `default` = DecodingIssueReporter { issue in
        let handler = defaultHandler.withLock { $0 }
        handler?(issue)
    }

    /// Reports `issue`: counts it, then hands it to this reporter.
    public func report(_ issue: DecodingIssue) {
        Self.counter.withLock { $0 += 1 }
        handle(issue)
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
