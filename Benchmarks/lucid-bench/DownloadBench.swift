import Foundation
import LucidRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `lucid-bench download BASE_URL --bytes N --folder F [--path P] [--rounds N] [--target X] [--variants …]` (issue
/// 40): download throughput of `APIClient.download(_:with:to:progress:)` against `URLSession.download(for:)`, in the
/// same process, of the same body (`P`, default `/files/body.bin`, N bytes, which `Benchmarks/client_bench.py` has
/// nginx serve on loopback) into the same folder `F`.
///
/// After one warm-up download each, `APIClient.download` and the baseline run in turn in every round (each first
/// every other round), then the references in rounds of their own (the order turns each round), so that their
/// `fsync`s and dropped transports cannot slow the pair. Each run ends with the whole body in a file at the
/// destination (its length checked, then removed before the next run):
///
/// - `APIClient.download`: a `DownloadResource` through an `APIClient` with its default transport, `.urlSession()`,
///   no progress closure: the figure with the target. It writes each piece as it arrives to a hidden file beside the
///   destination, then syncs that file to disk (`fsync`) and renames it into place.
/// - `URLSession.download(for:)`, the baseline (FoundationNetworking has it too): the body to URLSession's own
///   temporary file (in `TMPDIR`), the status checked, then `FileManager.moveItem` to the destination, as an app must
///   before that file goes away. Through a session made from `HTTPTransport.sessionConfiguration()`, which the
///   client's default session is made from.
/// - two references with no target, which tell where a difference comes from: the baseline followed by an `fsync`
///   of the file (the client's durability, which URLSession does not give), and the client's transport alone
///   (`HTTPTransport.urlSession().openStream`, its body drained into a `FileHandle`, no `fsync`).
///
/// For profiling, `--variants` picks the ways (`Way`'s cases, comma-separated), among them `transportDrainSynced` (the
/// transport alone, then `fsync`: what the client does, without the client) and two bare data tasks whose delegate,
/// run inline as the client's transport runs it on Linux, writes each piece to a file: `dataTaskSharedSession`, every
/// download in one session (its connection kept alive from one to the next), and `dataTaskOwnSession`, each download
/// in a session of its own, as the client's transport did on Linux before its sessions were kept for the next stream
/// (`StreamSessionPool`).
///
/// Prints each way's throughput (MB/s, median of the rounds, range in brackets), the process's CPU time per MB, and
/// the median of each round's ratio to the URLSession run beside it; returns whether `APIClient.download`'s reaches
/// the target (0.95).
enum DownloadBench {
    struct Options {
        var path = "/files/body.bin"
        var bytes = 0
        var folder = ""
        var rounds = 11
        var target = 0.95
        var ways = Way.table

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            while let name = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
                switch name {
                case "--path": path = value
                case "--bytes": bytes = Int(value) ?? 0
                case "--folder": folder = value
                case "--rounds": rounds = Int(value) ?? 0
                case "--target": target = Double(value) ?? target
                case "--variants":
                    ways = try value.split(separator: ",").map { name in
                        guard let way = Way.allCases.first(where: { "\($0)" == name }) else {
                            throw BenchError("--variants: unknown \(name) (\(Way.allCases.map { "\($0)" }))")
                        }
                        return way
                    }
                default: throw BenchError("unknown option \(name)")
                }
            }
            guard bytes > 0, rounds > 0, !folder.isEmpty else {
                throw BenchError("download: --bytes N (> 0) and --folder F are needed, --rounds > 0")
            }
        }
    }

    enum Way: CaseIterable {
        case client, urlSession, urlSessionSynced, transportDrain
        /// For profiling only (`--variants`).
        case transportDrainSynced, dataTaskSharedSession, dataTaskOwnSession

        /// What `make bench` compares.
        static let table: [Way] = [.client, .urlSession, .urlSessionSynced, .transportDrain]

        var name: String {
            switch self {
            case .client: "APIClient.download"
            case .urlSession: "URLSession.download(for:) (baseline)"
            case .urlSessionSynced: "URLSession.download(for:), then fsync"
            case .transportDrain: "the client's transport alone, no fsync"
            case .transportDrainSynced: "the client's transport alone, fsync"
            case .dataTaskSharedSession: "data task, one session for all"
            case .dataTaskOwnSession: "data task, a session each"
            }
        }
    }

    struct Downloaders: Sendable {
        let url: URL
        let client: APIClient
        let resource: DownloadResource<Void, StreamBench.NoAuth>
        let session = URLSession(configuration: HTTPTransport.sessionConfiguration())
        /// The session of `dataTaskSharedSession`, and its delegate.
        fileprivate static let shared = WritingDelegate.session()

        init(base: String, path: String) throws {
            let loopback = try StreamBench.loopback(base: base, path: path, name: "bench.download")
            (url, client) = (loopback.url, loopback.client)
            resource = DownloadResource(request: loopback.request)
        }

        /// Downloads the body the `way` way to `destination`; returns the length the way reports.
        func download(_ way: Way, to destination: URL) async throws -> Int64 {
            switch way {
            case .client:
                return try await client.download(resource, with: (), to: destination).bytes
            case .urlSession:
                let (temporary, response) = try await session.download(for: URLRequest(url: url))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    try? FileManager.default.removeItem(at: temporary)
                    throw BenchError("not a 200")
                }
                try FileManager.default.moveItem(at: temporary, to: destination)
                return try DownloadBench.length(of: destination)
            case .urlSessionSynced, .transportDrainSynced:
                let length = try await download(
                    way == .urlSessionSynced ? .urlSession : .transportDrain, to: destination)
                let handle = try FileHandle(forWritingTo: destination)
                try handle.synchronize()
                try handle.close()
                return length
            case .transportDrain:
                let response = try await HTTPTransport.urlSession().openStream(
                    HTTPRequest(method: .get, url: url, timeout: .seconds(60)))
                guard response.status == 200 else { throw BenchError("not a 200") }
                let writer = try PieceWriter(destination)
                try await response.body.drain { try writer.write($0) }
                return try writer.close()
            case .dataTaskSharedSession, .dataTaskOwnSession:
                let writer = try PieceWriter(destination)
                let own = way == .dataTaskOwnSession ? WritingDelegate.session() : nil
                defer { own?.session.finishTasksAndInvalidate() }
                let (session, delegate) = own ?? Self.shared
                try await withCheckedThrowingContinuation { continuation in
                    let task = session.dataTask(with: URLRequest(url: url))
                    delegate.expect(task, writer: writer, done: continuation)
                    task.resume()
                }
                return try writer.close()
            }
        }
    }

    static func length(of file: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? -1
    }

    /// Runs the comparison against the server at `base` and prints it; false when the ratio missed the target.
    static func run(base: String, options: Options) async throws -> Bool {
        let downloaders = try Downloaders(base: base, path: options.path)
        let folder = URL(fileURLWithPath: options.folder, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let destination = folder.appendingPathComponent("body.bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        /// Downloads once the `way` way, checks the file and removes it; returns the wall and CPU seconds.
        func measure(_ way: Way) async throws -> (seconds: Double, cpu: Double) {
            let cpuBefore = ClientBench.cpuSeconds()
            let start = ContinuousClock.now
            let reported = try await downloaders.download(way, to: destination)
            let elapsed = PagingBench.seconds(ContinuousClock.now - start)
            let cpu = ClientBench.cpuSeconds() - cpuBefore
            let onDisk = try length(of: destination)
            try FileManager.default.removeItem(at: destination)
            guard reported == options.bytes, onDisk == options.bytes else {
                throw BenchError("\(way.name): \(reported) bytes reported, \(onDisk) on disk, not \(options.bytes)")
            }
            return (elapsed, cpu)
        }
        let ways = options.ways
        for way in ways { _ = try await measure(way) }  // connections opened, code warm
        var seconds: [Way: [Double]] = [:]
        var cpu: [Way: [Double]] = [:]
        // The compared pair first, in rounds of its own, each going first every other round; the references after.
        // Turning one list of all the ways made the client always follow the transport-alone reference, whose
        // transport (made and dropped for each download) was still being torn down: 0.82–0.93× in that order,
        // 0.96–0.97× with the pair alone, on the same build.
        let pair = ways.filter { $0 == .client || $0 == .urlSession }
        let references = ways.filter { !pair.contains($0) }
        for round in 0..<options.rounds {
            for way in round % 2 == 0 ? pair : pair.reversed() {
                let run = try await measure(way)
                seconds[way, default: []].append(run.seconds)
                cpu[way, default: []].append(run.cpu)
            }
        }
        for round in 0..<options.rounds where !references.isEmpty {
            for offset in 0..<references.count {
                let way = references[(round + offset) % references.count]
                let run = try await measure(way)
                seconds[way, default: []].append(run.seconds)
                cpu[way, default: []].append(run.cpu)
            }
        }
        return report(seconds: seconds, cpu: cpu, options: options)
    }

    static func report(seconds: [Way: [Double]], cpu: [Way: [Double]], options: Options) -> Bool {
        let megabytes = Double(options.bytes) / 1e6
        print(
            String(
                format: "download of %.0f MB to a file, nginx on loopback: APIClient.download against "
                    + "URLSession.download(for:) then moved into place, median of %d interleaved rounds (range in "
                    + "brackets); peak memory of 1 GiB downloads and uploads: transport_bench.py's lines", megabytes,
                options.rounds))
        let baseline = seconds[.urlSession] ?? []
        var met = true
        for way in options.ways {
            let own = seconds[way] ?? []
            let rates = own.map { megabytes / $0 }
            var line =
                "    " + way.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + String(
                    format: "%5.0f MB/s (%.0f–%.0f), CPU %.2f ms a MB", ClientBench.median(rates), rates.min() ?? 0,
                    rates.max() ?? 0, ClientBench.median(cpu[way] ?? []) / megabytes * 1e3)
            if way != .urlSession, !baseline.isEmpty {
                let comparison = ClientBench.comparison(
                    own, against: baseline, target: way == .client ? options.target : nil)
                line += ", " + comparison.text
                if way == .client { met = comparison.met }
            }
            print(line)
        }
        return met
    }
}

/// A file written piece by piece from URLSession's thread, one piece at a time.
private final class PieceWriter: @unchecked Sendable {
    // `@unchecked`: the pieces come one after another (see `PartialFile` in the runtime); `close()` after the last.
    private let handle: FileHandle
    private var length: Int64 = 0

    init(_ url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchError("cannot create \(url.path)")
        }
        handle = try FileHandle(forWritingTo: url)
    }

    func write(_ piece: Data) throws {
        try handle.write(contentsOf: piece)
        length += Int64(piece.count)
    }

    /// Closes the file; returns its length.
    func close() throws -> Int64 {
        try handle.close()
        return length
    }
}

/// The delegate of a session whose data tasks each write their body to a file (the `dataTask…` variants).
private final class WritingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var writer: PieceWriter
        var done: CheckedContinuation<Void, any Error>
        var failure: (any Error)?
    }

    private let transfers = LockedTransfers()

    /// A session with a new delegate of this kind, its callbacks run inline on FoundationNetworking's thread as the
    /// runtime's `InlineDelegateQueue` runs them (elsewhere on the session's own queue).
    static func session() -> (session: URLSession, delegate: WritingDelegate) {
        let delegate = WritingDelegate()
        #if canImport(FoundationNetworking)
        let queue: OperationQueue? = InlineQueue()
        #else
        let queue: OperationQueue? = nil
        #endif
        return (
            URLSession(configuration: HTTPTransport.sessionConfiguration(), delegate: delegate, delegateQueue: queue),
            delegate
        )
    }

    /// Writes the body of `task` (not resumed yet) with `writer`, then resumes `done`.
    func expect(_ task: URLSessionTask, writer: PieceWriter, done: CheckedContinuation<Void, any Error>) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(writer: writer, done: done) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfers.withLock({ $0[dataTask.taskIdentifier] }), transfer.failure == nil else {
            return
        }
        do {
            try transfer.writer.write(data)
        } catch {
            transfers.withLock { $0[dataTask.taskIdentifier]?.failure = error }
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error = transfer.failure ?? error {
            transfer.done.resume(throwing: error)
        } else {
            transfer.done.resume()
        }
    }

    /// The transfers under way, by task identifier.
    private final class LockedTransfers: @unchecked Sendable {
        // `@unchecked`: `value` is read and written under `lock` alone.
        private let lock = NSLock()
        private var value: [Int: Transfer] = [:]

        func withLock<T>(_ body: (inout [Int: Transfer]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }
}

#if canImport(FoundationNetworking)
/// Runs each delegate callback at once on FoundationNetworking's thread, as the runtime's `InlineDelegateQueue` does.
private final class InlineQueue: OperationQueue, @unchecked Sendable {
    // `@unchecked`: no state of its own.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
