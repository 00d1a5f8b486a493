import Foundation
import LucidRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `lucid-bench stream BASE_URL [--path P] [--events N] [--rounds N] [--target X]` (issue 40): events per second
/// through `ResponseStream` against a bare URLSession line loop decoding the same events, in the same process, over
/// loopback (`Benchmarks/client_bench.py` has nginx serve `P`, default `/events`: N OpenAI-shaped chat chunks as
/// `data: {json}` events, then `data: [DONE]`, as `text/event-stream`).
///
/// Three ways of reading the same stream, each run in turn in every round (the order turns each round):
///
/// - `ResponseStream`: a `StreamResource` (`.serverSentEvents`, terminator `[DONE]`, each item decoded with
///   `StreamItem.decode`, as docs/Runtime.md shows) read through an `APIClient` with its default transport,
///   `.urlSession()`: the figure with the target.
/// - the baseline, a bare line loop, what an app writes by hand: on Apple platforms `URLSession.bytes(for:)` and its
///   `lines`; FoundationNetworking (Linux) has no `bytes(for:)` (nor `AsyncSequence.lines`), so there its closest
///   bare equivalent: a session whose `URLSessionDataDelegate` yields each piece it gets into an
///   `AsyncThrowingStream` that the reading task loops over, scanning the bytes for LF and making each line a
///   `String`, as `lines` does. Both hand the body over as it arrives to an async loop on the reading task, which is
///   what `bytes(for:)` is and what `ResponseStream` does; `URLSession.data(for:)` of the whole body would not stream.
///   Each `data: ` line's payload is decoded with one `JSONDecoder` into the same struct, up to `data: [DONE]`. It
///   follows none of the event-stream rules (CR line ends, multi-line data, comments, ids): what it skips is part of
///   what the runtime is measured doing.
/// - a reference with no target: `URLSession.data(for:)` of the whole body, then the same line loop in memory (no
///   streaming at all: what reading lines and decoding cost alone).
///
/// Prints each way's events per second (median of the rounds, range in brackets), the process's CPU time per event,
/// and the median of each round's ratio of `ResponseStream` to the baseline run beside it; returns whether that ratio
/// reaches the target (0.9).
enum LoopbackStreamBench {
    struct Options {
        var path = "/events"
        var events = 50_000
        var rounds = 15
        var target = 0.9

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            while let name = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
                switch name {
                case "--path": path = value
                case "--events": events = try Self.number(value, name)
                case "--rounds": rounds = try Self.number(value, name)
                case "--target": target = Double(value) ?? target
                default: throw BenchError("unknown option \(name)")
                }
            }
        }

        private static func number(_ text: String, _ name: String) throws -> Int {
            guard let value = Int(text), value > 0 else { throw BenchError("\(name): not a positive number: \(text)") }
            return value
        }
    }

    enum Way: CaseIterable {
        case responseStream, bare, wholeBody

        var name: String {
            switch self {
            case .responseStream: "ResponseStream"
            case .bare: "bare line loop (baseline)"
            case .wholeBody: "data(for:), then lines"
            }
        }
    }

    /// What a run read: the events decoded, and the characters of their content (both ways must agree).
    struct Tally: Equatable {
        var events = 0
        var characters = 0

        mutating func add(_ chunk: StreamBench.Chunk) {
            events += 1
            characters += chunk.choices.first?.delta.content?.utf8.count ?? 0
        }
    }

    struct Readers: Sendable {
        let url: URL
        let client: APIClient
        let resource: StreamResource<Void, StreamBench.Chunk, StreamBench.NoAuth>
        /// The bare ways' session configuration: the one the client's default session is made from (no URL cache,
        /// no cookies), so that the difference is not URLSession's cache.
        let configuration = HTTPTransport.sessionConfiguration()
        let session: URLSession

        init(base: String, path: String) throws {
            let loopback = try StreamBench.loopback(base: base, path: path, name: "bench.events")
            (url, client) = (loopback.url, loopback.client)
            resource = StreamResource(
                request: loopback.request, format: .serverSentEvents, terminator: "[DONE]",
                decodeItem: { try $0.decode(StreamBench.Chunk.self) })
            session = URLSession(configuration: configuration)
        }

        func read(_ way: Way) async throws -> Tally {
            switch way {
            case .responseStream:
                var tally = Tally()
                let stream = ResponseStream(resource, accessor: client.accessor(for: StreamBench.NoAuth.self))
                for try await chunk in stream { tally.add(chunk) }
                return tally
            case .bare: return try await bareLines()
            case .wholeBody:
                let (body, response) = try await session.data(for: request)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("not a 200") }
                var lines = LineLoop()
                lines.feed(body)
                return try lines.finish()
            }
        }

        var request: URLRequest {
            var request = URLRequest(url: url)
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            return request
        }

        #if canImport(FoundationNetworking)
        /// The pieces as the session's delegate gets them, read by this task.
        func bareLines() async throws -> Tally {
            let (pieces, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            let session = URLSession(
                configuration: configuration, delegate: PieceDelegate(continuation), delegateQueue: nil)
            defer { session.invalidateAndCancel() }
            session.dataTask(with: request).resume()
            var lines = LineLoop()
            for try await piece in pieces {
                lines.feed(piece)
                if lines.done { break }
            }
            return try lines.finish()
        }
        #else
        /// `bytes(for:)` and its lines.
        func bareLines() async throws -> Tally {
            let (bytes, response) = try await session.bytes(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("not a 200") }
            var lines = LineLoop()
            for try await line in bytes.lines {
                lines.line(line)
                if lines.done { break }
            }
            return try lines.finish()
        }
        #endif
    }

    /// The baseline's line loop, what `for try await line in bytes.lines` does with each line: the bytes scanned for
    /// LF as they come (as `lines` scans its buffer), each line made a `String` (as `lines` hands it over), each
    /// `data: ` line's payload decoded with one `JSONDecoder`, up to `data: [DONE]`.
    struct LineLoop {
        private let decoder = JSONDecoder()
        /// The start of a line that the last piece did not end.
        private var carry: [UInt8] = []
        private(set) var tally = Tally()
        private(set) var done = false
        private var failure: (any Error)?

        mutating func feed(_ piece: Data) {
            guard !done else { return }
            piece.withUnsafeBytes { bytes in
                var start = bytes.startIndex
                while !done, let end = bytes[start...].firstIndex(of: 0x0A) {
                    if carry.isEmpty {
                        line(String(decoding: bytes[start..<end], as: UTF8.self))
                    } else {
                        carry.append(contentsOf: bytes[start..<end])
                        line(String(decoding: carry, as: UTF8.self))
                        carry.removeAll(keepingCapacity: true)
                    }
                    start = end + 1
                }
                if !done { carry.append(contentsOf: bytes[start...]) }
            }
        }

        /// One line, without its line end.
        mutating func line(_ line: String) {
            guard !done, line.hasPrefix("data: ") else { return }
            let payload = line.dropFirst(6)
            if payload == "[DONE]" {
                done = true
                return
            }
            do {
                tally.add(try decoder.decode(StreamBench.Chunk.self, from: Data(payload.utf8)))
            } catch {
                failure = error
                done = true
            }
        }

        func finish() throws -> Tally {
            if let failure { throw failure }
            guard done else { throw BenchError("the stream ended before [DONE]") }
            return tally
        }
    }

    /// Runs the comparison against the server at `base` and prints it; false when the ratio missed the target.
    static func run(base: String, options: Options) async throws -> Bool {
        let readers = try Readers(base: base, path: options.path)
        // Every way reads the whole stream once first (connections opened, code warm), and all read the same.
        var expected: Tally?
        for way in Way.allCases {
            let tally = try await readers.read(way)
            guard tally.events == options.events, expected == nil || expected == tally else {
                throw BenchError("\(way.name): read \(tally), not \(expected ?? Tally(events: options.events))")
            }
            expected = tally
        }
        var seconds: [Way: [Double]] = [:]
        var cpu: [Way: [Double]] = [:]
        for round in 0..<options.rounds {
            for offset in 0..<Way.allCases.count {
                let way = Way.allCases[(round + offset) % Way.allCases.count]
                let cpuBefore = ClientBench.cpuSeconds()
                let start = ContinuousClock.now
                let tally = try await readers.read(way)
                let elapsed = PagingBench.seconds(ContinuousClock.now - start)
                guard tally == expected else { throw BenchError("\(way.name): read \(tally), not \(expected!)") }
                seconds[way, default: []].append(elapsed)
                cpu[way, default: []].append(ClientBench.cpuSeconds() - cpuBefore)
            }
        }
        return report(seconds: seconds, cpu: cpu, options: options)
    }

    static func report(seconds: [Way: [Double]], cpu: [Way: [Double]], options: Options) -> Bool {
        let events = Double(options.events)
        #if canImport(FoundationNetworking)
        let baseline =
            "baseline: FoundationNetworking has no URLSession.bytes(for:) (nor AsyncSequence.lines), so its closest "
            + "bare equivalent: a URLSessionDataDelegate (default delegate queue) yields each piece into an "
            + "AsyncThrowingStream that the reading task loops over, scanning for LF and making each line a String "
            + "as bytes(for:).lines does, then decoding each `data: ` payload with one JSONDecoder up to [DONE]; "
            + "streamed as bytes(for:) and ResponseStream are (data(for:) would hold the whole body first)"
        #else
        let baseline =
            "baseline: URLSession.bytes(for:) and its lines, each `data: ` payload decoded with one JSONDecoder up "
            + "to [DONE]"
        #endif
        print(
            "event stream through ResponseStream against a bare URLSession line loop, nginx on loopback: "
                + "\(options.events) events a run, median of \(options.rounds) interleaved rounds (range in brackets)")
        print("  " + baseline)
        let bare = seconds[.bare] ?? []
        let bareCPU = ClientBench.median(cpu[.bare] ?? []) / events * 1e6
        var met = true
        for way in Way.allCases {
            let own = seconds[way] ?? []
            let rates = own.map { events / $0 }
            var line =
                "    " + way.name.padding(toLength: 28, withPad: " ", startingAt: 0)
                + String(
                    format: "%8.0f events/s (%.0f–%.0f), CPU %.2f µs an event", ClientBench.median(rates),
                    rates.min() ?? 0, rates.max() ?? 0, ClientBench.median(cpu[way] ?? []) / events * 1e6)
            if way != .bare {
                let extra = ClientBench.median(cpu[way] ?? []) / events * 1e6 - bareCPU
                let comparison = ClientBench.comparison(
                    own, against: bare, target: way == .responseStream ? options.target : nil)
                line += String(format: " (%+.2f µs), ", extra) + comparison.text
                if way == .responseStream { met = comparison.met }
            }
            print(line)
        }
        return met
    }
}

#if canImport(FoundationNetworking)
/// The baseline's delegate: each piece into the stream the reading task loops over.
final class PieceDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let pieces: AsyncThrowingStream<Data, any Error>.Continuation

    init(_ pieces: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.pieces = pieces
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
        if (response as? HTTPURLResponse)?.statusCode != 200 { pieces.finish(throwing: BenchError("not a 200")) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pieces.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        pieces.finish(throwing: error)
    }
}
#endif
