import Foundation

#if canImport(os)
import os
#endif

/// What a debug build says when a failable list drops an item (or a failable map a value) and the app installed no
/// `DecodingIssueReporter` handler: one line per dropped item, so that a decode that loses data is never silent
/// while the app is being written.
///
/// The line names the endpoint (`movies.discover (GET /discover/movie)`: the resource's name, method and path
/// template), the coding path of the item (`results[3]`; keys, positions, and a map's keys where the item sits in a
/// map) and why it did not decode (`missing key 'title'`, `null where String was expected`), in words that quote
/// nothing of the body: no value, no header, no credential. `DecodingIssue.message` may quote a value, so it is not
/// written.
///
/// - Debug builds only: LucidRuntime is compiled in the app's configuration (SwiftPM and Xcode build a package in
///   it, and define `DEBUG` in Debug), and a release build writes nothing, whatever a response drops; an app that
///   wants to know in release installs a handler (`DecodingIssueReporter.setDefaultHandler(_:)`) and sends the
///   issues where it sends its other diagnostics.
/// - Where: on Apple platforms the unified log (`os.Logger`, subsystem `LucidRuntime`, category `decoding`, at
///   the error level: Xcode's console shows it), elsewhere standard error.
/// - An installed handler replaces the line (it receives the issue itself), and so does a reporter bound for a
///   task (`collectingIssues`, a test's).
enum DroppedItemLog {
    /// Whether this LucidRuntime was compiled for debugging.
    static let isDebugBuild: Bool = {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }()

    /// Whether lines are written: in debug builds. Tests bind it to check what a release build does.
    @TaskLocal static var isEnabled: Bool = isDebugBuild

    /// Where lines go instead of the log, when bound: a test's recorder.
    @TaskLocal static var sink: (@Sendable (String) -> Void)?

    /// The line for a dropped list item: its coding path (`results[3]`) and why it did not decode.
    static func droppedItem(at itemPath: [any CodingKey], error: any Error) -> String {
        "dropped list item \(itemPath.dottedPath): \(issueReason(for: error))"
    }

    /// The line for a dropped map value: the map's coding path and why the value did not decode; not its key,
    /// which is the body's.
    static func droppedValue(ofMapAt mapPath: [any CodingKey], error: any Error) -> String {
        "dropped a value of the map at \(mapPath.isEmpty ? "the root" : mapPath.dottedPath): \(issueReason(for: error))"
    }

    /// Writes `line`, with the endpoint whose response was being decoded when there is one.
    static func write(_ line: String, endpoint: DecodingIssue.Endpoint?) {
        let text =
            "LucidRuntime: " + (endpoint.map { "\($0): " } ?? "") + line
            + " (logged in debug builds when no DecodingIssueReporter handler is installed)"
        if let sink {
            sink(text)
            return
        }
        #if canImport(os)
        logger.error("\(text, privacy: .public)")
        #else
        FileHandle.standardError.write(Data((text + "\n").utf8))
        #endif
    }

    #if canImport(os)
    private static let logger = Logger(subsystem: "LucidRuntime", category: "decoding")
    #endif
}
