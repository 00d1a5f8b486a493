// These tests start a server and a probe as child processes. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// The size cap holds against a body that never ends, sent as fast as the client reads it, while every core is
/// busy: the peak resident memory of a process that sends one such request through `HTTPTransport.urlSession`
/// grows by at most the cap and the allowance `HTTPTransport.urlSession(_:maxResponseBytes:timeout:)` documents.
///
/// Measured in a probe process of its own (`transport-memory-probe`), so that nothing else of the test run mixes
/// in; against a server of its own, which the endless body keeps busy. The probe and the busy loops run at the same
/// lowered priority, so that they compete with each other rather than slow the rest of the test run.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TransportMemoryTests {
    static let megabyte = 1024 * 1024
    /// The cap the probe sets.
    static let limit = 16 * megabyte

    /// What the transport documents beyond the cap: 1/32 of it, and 1 MB.
    static var allowance: Int { limit / 32 + megabyte }

    /// Whether this test process (and so the probe, built alike) runs under ThreadSanitizer, whose shadow memory
    /// counts in the resident size: about twice the memory the code itself touches.
    static let underThreadSanitizer: Bool = {
        #if canImport(Darwin)
        let everything = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everything: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everything, "__tsan_init") != nil
    }()

    @Test(
        .enabled(
            if: !underThreadSanitizer,
            "under ThreadSanitizer the resident size counts its shadow memory too; measured in the plain build"),
        arguments: [Framing.chunked, .closeDelimited])
    func anEndlessBodyNeverGrowsMemoryPastTheCap(framing: Framing) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let busy = try BusyCores()
        defer { busy.stop() }
        let key = UUID().uuidString
        let url = server.baseURL + "/endless?key=\(key)" + (framing == .closeDelimited ? "&close=1" : "")
        let outcome = try Self.probe(url: url, limit: Self.limit)
        let growth = outcome.peak - outcome.baseline
        // The resident size now is known on Linux only (-1 elsewhere).
        let after = outcome.resident < 0 ? "" : ", a second after the answer +\(outcome.resident - outcome.baseline)"
        print(
            "endless body, \(framing), cap \(Self.limit) bytes, all cores busy: peak resident +\(growth) bytes "
                + "(cap + \(growth - Self.limit))\(after), answered after \(outcome.seconds) s")
        #expect(outcome.outcome == "tooLarge")
        #expect(growth <= Self.limit + Self.allowance, "the peak grew \(growth - Self.limit) bytes past the cap")
    }

    enum Framing: String, CustomStringConvertible {
        /// `Transfer-Encoding: chunked`, with no end chunk.
        case chunked
        /// HTTP/1.0: neither length nor chunks, the body running until the connection closes.
        case closeDelimited

        var description: String { rawValue }
    }

    /// What the probe printed.
    struct Outcome: Decodable {
        var outcome: String
        var limit: Int
        var baseline: Int
        var peak: Int
        var resident: Int
        var seconds: Double
    }

    enum ProbeError: Error, CustomStringConvertible {
        case failed(status: Int32, output: String)

        var description: String {
            switch self {
            case .failed(let status, let output): "the probe exited with \(status): \(output)"
            }
        }
    }

    /// Runs `transport-memory-probe` on `url` with the cap `limit` and returns what it measured.
    static func probe(url: String, limit: Int) throws -> Outcome {
        let process = Process()
        // At the busy loops' priority: they take the cores from the probe, not from the other tests running.
        process.executableURL = BusyCores.nice
        process.arguments = BusyCores.niceArguments(
            TestProducts.executable("transport-memory-probe"), [url, String(limit), "1"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let outcome = try? JSONDecoder().decode(Outcome.self, from: data) else {
            throw ProbeError.failed(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        }
        return outcome
    }
}
#endif
