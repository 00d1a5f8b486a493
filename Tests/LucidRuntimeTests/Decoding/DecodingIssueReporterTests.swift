import Foundation
import LucidTestSupport
import Testing

@_spi(Generated) @testable import LucidRuntime

struct DecodingIssueReporterTests {
    /// Decodes an array of `count` good and `count` bad integers, interleaved.
    func decodeMixedArray(count: Int) throws -> [Int] {
        let elements = (0..<count).map { #"\#($0), "bad""# }.joined(separator: ", ")
        return try decodeJSON(#"{"values": [\#(elements)]}"#) { try $0.decodeFailableArray(Int.self, forKey: "values") }
    }

    @Test(arguments: 0..<24)
    func eachTestSeesOnlyItsOwnIssues(count: Int) throws {
        let (values, issues) = try collectingIssues { try decodeMixedArray(count: count) }
        #expect(values == Array(0..<count))
        #expect(issues.map(\.kind) == (0..<count).map { .droppedItem(index: $0 * 2 + 1) })
    }

    @Test func concurrentTasksKeepSeparateReportersAndChildrenInherit() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for count in 0..<40 {
                group.addTask {
                    let log = Locked(0)
                    let reporter = DecodingIssueReporter { _ in log.withLock { $0 += 1 } }
                    try await DecodingIssueReporter.$current.withValue(reporter) {
                        try await withThrowingTaskGroup(of: Void.self) { children in
                            children.addTask { _ = try decodeMixedArray(count: count) }
                            try await children.waitForAll()
                        }
                    }
                    return log.withLock { $0 } == count
                }
            }
            for try await matched in group {
                #expect(matched)
            }
        }
    }

    @Test func everyReportIsCounted() {
        let before = DecodingIssueReporter.reportedCount
        DecodingIssueReporter { _ in }.report(DecodingIssue(kind: .lenientFallback, codingPath: "a", message: "m"))
        #expect(DecodingIssueReporter.reportedCount >= before + 1)
    }

    @Test func concurrentReportsAreAllCounted() async {
        let before = DecodingIssueReporter.reportedCount
        let received = Locked(0)
        let reporter = DecodingIssueReporter { _ in received.withLock { $0 += 1 } }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    reporter.report(
                        DecodingIssue(kind: .droppedItem(index: index), codingPath: "c[\(index)]", message: "m"))
                }
            }
        }
        #expect(received.withLock { $0 } == 1_000)
        #expect(DecodingIssueReporter.reportedCount >= before + 1_000)
    }

    @Test func issuesDescribeThemselves() {
        let issue = DecodingIssue(kind: .droppedItem(index: 3), codingPath: "results[3]", message: "Missing key 'id'.")
        #expect(issue.description == "dropped item 3 at results[3]: Missing key 'id'.")
    }
}

/// Touches the process-wide default handler, so its tests run one at a time.
@Suite(.serialized) struct DefaultDecodingIssueHandlerTests {
    @Test func theDefaultReporterForwardsToTheInstalledHandler() throws {
        let received = Locked<[DecodingIssue]>([])
        DecodingIssueReporter.setDefaultHandler { issue in received.withLock { $0.append(issue) } }
        defer { DecodingIssueReporter.setDefaultHandler(nil) }
        let before = DecodingIssueReporter.reportedCount
        let value = try decodeJSON(#"{"defaultHandlerProbe": "x"}"#) {
            $0.decodeLenient(Int.self, forKey: "defaultHandlerProbe")
        }
        #expect(value == nil)
        #expect(DecodingIssueReporter.reportedCount >= before + 1)
        let probes = received.withLock { $0 }.filter { $0.codingPath == "defaultHandlerProbe" }
        #expect(probes.map(\.kind) == [.lenientFallback])
    }

    @Test func withoutAHandlerIssuesAreStillCounted() throws {
        DecodingIssueReporter.setDefaultHandler(nil)
        let before = DecodingIssueReporter.reportedCount
        _ = try decodeJSON(#"{"p": "x"}"#) { $0.decodeLenient(Int.self, forKey: "p") }
        #expect(DecodingIssueReporter.reportedCount >= before + 1)
    }
}
