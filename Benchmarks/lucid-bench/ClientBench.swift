import Foundation
import GoldenMovies
import LucidRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `lucid-bench client BASE_URL` (issue 28 §6): `APIClient` against bare URLSession in the same process, over
/// loopback to a server that answers every path with the same small JSON body (`Benchmarks/client_bench.py` starts
/// nginx for it).
///
/// Five ways of getting the same answer, each `requests` times with `concurrency` requests in flight, for each
/// concurrency, interleaved and repeated `rounds` times (the order of the ways turns each round):
///
/// - `URLSession`: what an app developer writes by hand — a `URLRequest` with the query item and the bearer header,
///   `URLSession.shared.data(for:)`, the status checked, the body decoded with `JSONDecoder` into a `Codable` struct;
/// - `URLSession, no URLCache`: the same through a session made from `HTTPTransport.sessionConfiguration()`, which
///   keeps no URL cache, like the client's default session: a reference row with no target, which tells the
///   client's own cost apart from what it saves by not keeping URLSession's cache;
/// - `APIClient`: a `BackendResource` (path parameter, query item, bearer credential from a `CredentialProvider`)
///   decoding the same struct the same way, sent through `.urlSession()`;
/// - `APIClient, deduplicated`: the same with a `RequestDeduplicator` and a resource marked `deduplicate`;
/// - `business controller`: the Movies example's generated `MoviesBusinessController.fetchCredits(id:)` (query
///   credential, the generated decoder of `MoviesCreditsResponse`).
///
/// Every request has its own path (`/movie/<n>/credits`), so the deduplicator shares nothing: the figure is what it
/// costs. Both sides decode: an app does, and it is the same work on both sides (the same struct and decoder), so
/// the ratio is the client's overhead as the app sees it. The generated decoder of the controller row differs from
/// `JSONDecoder`; both are timed alone on the body and printed beside the table.
///
/// Prints requests per second (median of the rounds, with the range), the ratio to URLSession (median of each
/// round's ratio to the URLSession run beside it) and the client's CPU time per request (`getrusage` of the whole
/// process: URLSession's threads included). Returns whether every ratio met the target.
enum ClientBench {
    struct Options {
        /// Requests a run; `rounds` runs make 10,000 requests of each variant at each concurrency. Short runs in
        /// many rounds: each ratio compares runs a second apart, so a burst of other work on the machine spoils few.
        var requests = 1_000
        var rounds = 10
        var concurrencies = [1, 10, 100]
        var target = 0.95
        /// Requests of each variant before the measured runs (connections opened, caches warm).
        var warmUp = 1_000
        var variants = Variant.table

        /// Reads `--requests N`, `--rounds N`, `--concurrency 1,10,100`, `--target X`, and for profiling `--warm-up N`
        /// and `--variants urlSession,urlSessionUncached,client,deduplicated,controller` (the decoding costs are timed only with all).
        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            while let name = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
                switch name {
                case "--requests": requests = try Self.number(value, name)
                case "--rounds": rounds = try Self.number(value, name)
                case "--concurrency": concurrencies = try value.split(separator: ",").map { try Self.number($0, name) }
                case "--target": target = Double(value) ?? 0.95
                case "--warm-up": warmUp = try Self.number(value, name)
                case "--variants":
                    variants = try value.split(separator: ",").map { name in
                        guard let variant = Variant.allCases.first(where: { "\($0)" == name }) else {
                            throw BenchError("--variants: unknown \(name) (\(Variant.allCases.map { "\($0)" }))")
                        }
                        return variant
                    }
                default: throw BenchError("unknown option \(name)")
                }
            }
        }

        private static func number(_ text: some StringProtocol, _ name: String) throws -> Int {
            guard let value = Int(text), value > 0 else { throw BenchError("\(name): not a positive number: \(text)") }
            return value
        }
    }

    enum Variant: Int, CaseIterable {
        case urlSession, client, deduplicated, controller
        /// A reference row, with no target: `data(for:)` through a session with no `URLCache`, as
        /// `HTTPTransport.defaultSession` has none; tells what the client costs apart from what it saves by not
        /// keeping URLSession's cache.
        case urlSessionUncached
        /// For profiling only (`--variants`): `APIClient` over a transport that is a bare `URLSession.data(for:)`,
        /// which tells the client's own cost from its transport's.
        case bareTransport

        /// What `make bench` compares.
        static let table: [Variant] = [.urlSession, .urlSessionUncached, .client, .deduplicated, .controller]

        /// Whether the row's ratio has to reach the target (the reference row has none).
        var hasTarget: Bool { self != .urlSession && self != .urlSessionUncached }

        var name: String {
            switch self {
            case .urlSession: "URLSession"
            case .urlSessionUncached: "URLSession, no URLCache"
            case .client: "APIClient"
            case .deduplicated: "APIClient, deduplicated"
            case .controller: "business controller"
            case .bareTransport: "APIClient, bare transport"
            }
        }
    }

    /// One run: `requests` requests, their wall time and the process's CPU time.
    struct Run {
        var seconds: Double
        var cpuSeconds: Double
        var contextSwitches: Int
        /// Of `contextSwitches`, those where a thread waited (for work, a lock, the network) rather than was
        /// preempted: what the code decides; the involuntary ones say more about the machine's other load.
        var voluntarySwitches: Int
        var requests: Int
        var throughput: Double { Double(requests) / seconds }
        var cpuPerRequest: Double { cpuSeconds / Double(requests) }
    }

    /// What sends the requests of each variant.
    struct Senders: Sendable {
        let base: String
        let session: URLSession
        let uncachedSession: URLSession
        let client: APIClient
        let deduplicating: APIClient
        let controller: MoviesBusinessController
        let bare: APIClient

        init(base: String) {
            self.base = base
            session = URLSession.shared
            uncachedSession = URLSession(configuration: HTTPTransport.sessionConfiguration())
            let environments = ServerEnvironments(servers: [
                (name: "api", environments: [.init(name: "bench", baseURL: base + "/3")])
            ])
            let credentials = CredentialProvider { _ in "bench-token" }
            client = APIClient(environments: environments, transport: .urlSession(), credentials: credentials)
            deduplicating = APIClient(
                environments: environments, transport: .urlSession(), credentials: credentials,
                deduplicator: RequestDeduplicator())
            controller = MoviesBusinessController(
                accessible: APIClient(environments: environments, transport: .urlSession(), credentials: credentials))
            let session = session
            bare = APIClient(
                environments: environments,
                transport: HTTPTransport { request in
                    var urlRequest = URLRequest(url: request.url)
                    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
                    let (data, response) = try await session.data(for: urlRequest)
                    return HTTPResponse(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
                }, credentials: credentials)
        }

        /// Sends request `id` the `variant` way; returns how many people the answer names.
        func send(_ variant: Variant, id: Int) async throws -> Int {
            switch variant {
            case .urlSession, .urlSessionUncached:
                var request = URLRequest(url: URL(string: "\(base)/3/movie/\(id)/credits?language=en-US")!)
                request.setValue("Bearer bench-token", forHTTPHeaderField: "Authorization")
                let (data, response) = try await (variant == .urlSession ? session : uncachedSession).data(for: request)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("not a 200") }
                return try BenchCredits.decode(data).cast.count
            case .client:
                return try await client.send(BenchCredits.resource(id: id, deduplicate: false), with: ()).cast.count
            case .deduplicated:
                return try await deduplicating.send(BenchCredits.resource(id: id, deduplicate: true), with: ()).cast
                    .count
            case .controller:
                return try await controller.fetchCredits(id: Movie.ID(id)).people.count
            case .bareTransport:
                return try await bare.send(BenchCredits.resource(id: id, deduplicate: false), with: ()).cast.count
            }
        }
    }

    /// Runs the comparison against the server at `base` and prints it; false when a ratio missed the target.
    static func run(base: String, options: Options) async throws -> Bool {
        let senders = Senders(base: base)
        // Every variant reads the body the server gives, and warms its connections up.
        for variant in options.variants {
            let people = try await senders.send(variant, id: 1)
            guard people == BenchCredits.people else {
                throw BenchError("\(variant.name): the answer names \(people) people, not \(BenchCredits.people)")
            }
            _ = try await measure(variant, senders, requests: options.warmUp, concurrency: 10, firstID: 1)
        }
        var runs: [Int: [Variant: [Run]]] = [:]
        var nextID = 10_000
        for round in 0..<options.rounds {
            for concurrency in options.concurrencies {
                for offset in 0..<options.variants.count {
                    let variant = options.variants[(round + offset) % options.variants.count]
                    let run = try await measure(
                        variant, senders, requests: options.requests, concurrency: concurrency, firstID: nextID)
                    nextID += options.requests
                    runs[concurrency, default: [:]][variant, default: []].append(run)
                }
            }
        }
        let met = report(runs, options: options)
        if options.variants == Variant.table { try await decodingCost(of: senders) }
        return met
    }

    /// The time to decode the body alone, one thread: the URLSession and APIClient rows' `JSONDecoder` into
    /// `BenchCredits`, and the controller row's generated `MoviesCreditsResponse`.
    static func decodingCost(of senders: Senders) async throws {
        let (body, _) = try await senders.session.data(from: URL(string: "\(senders.base)/3/movie/1/credits")!)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        let read = MoviesService.fetchCreditsResource(id: 1).readResponse
        let iterations = 20_000
        var codable = Double.infinity
        var generated = Double.infinity
        for _ in 0..<3 {
            codable = min(
                codable, try DecodingBench.seconds { for _ in 0..<iterations { _ = try BenchCredits.decode(body) } })
            generated = min(generated, try DecodingBench.seconds { for _ in 0..<iterations { _ = try read(response) } })
        }
        print(
            String(
                format: "  decoding the %d-byte body alone: JSONDecoder into BenchCredits %.1f µs, generated "
                    + "MoviesCreditsResponse %.1f µs",
                body.count, codable / Double(iterations) * 1e6, generated / Double(iterations) * 1e6))
    }

    /// Sends `requests` requests the `variant` way, `concurrency` at a time.
    static func measure(
        _ variant: Variant, _ senders: Senders, requests: Int, concurrency: Int, firstID: Int
    ) async throws -> Run {
        let cpuBefore = cpuSeconds()
        let (switchesBefore, voluntaryBefore) = contextSwitches()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var index = worker
                    while index < requests {
                        _ = try await senders.send(variant, id: firstID + index)
                        index += concurrency
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = (ContinuousClock.now - start).components
        let (switchesAfter, voluntaryAfter) = contextSwitches()
        return Run(
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18,
            cpuSeconds: cpuSeconds() - cpuBefore, contextSwitches: switchesAfter - switchesBefore,
            voluntarySwitches: voluntaryAfter - voluntaryBefore, requests: requests)
    }

    /// Prints the table; false when a ratio is under the target.
    static func report(_ runs: [Int: [Variant: [Run]]], options: Options) -> Bool {
        print(
            "client throughput against bare URLSession, nginx on loopback: \(options.requests) requests a run, "
                + "median of \(options.rounds) interleaved rounds (range in brackets)")
        var misses: [String] = []
        for concurrency in options.concurrencies {
            guard let byVariant = runs[concurrency] else { continue }
            let baseline = byVariant[.urlSession] ?? []
            print("  concurrency \(concurrency):")
            for variant in options.variants {
                guard let own = byVariant[variant] else { continue }
                let throughput = own.map(\.throughput)
                let cpu = own.map(\.cpuPerRequest)
                var line =
                    "    " + variant.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                    + String(
                        format: "%6.0f requests/s (%.0f–%.0f)", median(throughput), throughput.min()!,
                        throughput.max()!)
                let switches = median(own.map { Double($0.contextSwitches) / Double($0.requests) })
                let voluntary = median(own.map { Double($0.voluntarySwitches) / Double($0.requests) })
                if variant == .urlSession || baseline.isEmpty {
                    line += String(
                        format: ", CPU %.0f µs a request, %.1f context switches (%.1f voluntary)", median(cpu) * 1e6,
                        switches, voluntary)
                } else {
                    // Each round's ratio to the URLSession run of the same round, close in time.
                    let ratios = zip(own, baseline).map { $0.throughput / $1.throughput }
                    let cpuRatios = zip(own, baseline).map { $0.cpuPerRequest / $1.cpuPerRequest }
                    let ratio = median(ratios)
                    line += String(
                        format: ", %.2f× (%.2f–%.2f), CPU %.0f µs a request (%.2f×), %.1f context switches"
                            + " (%.1f voluntary)", ratio, ratios.min()!, ratios.max()!, median(cpu) * 1e6,
                        median(cpuRatios), switches, voluntary)
                    if ratio < options.target && variant.hasTarget {
                        line += String(format: "  MISSED (target ≥ %.2f×)", options.target)
                        misses.append("\(variant.name) at concurrency \(concurrency)")
                    }
                }
                print(line)
            }
        }
        if misses.isEmpty {
            print(String(format: "client throughput: every ratio ≥ %.2f× (target)", options.target))
        } else {
            print("client throughput: target missed by " + misses.joined(separator: ", "))
        }
        return misses.isEmpty
    }

    /// `, 0.93× (0.88–0.97), target ≥ 0.90×: met` — the median of the rounds' speed ratios against `baseline`
    /// (times, round by round; above 1: faster), and the verdict when `target` is given, else `(reference, no
    /// target)`. Also whether the target was met (true without one).
    static func comparison(_ own: [Double], against baseline: [Double], target: Double?) -> (text: String, met: Bool) {
        let ratios = zip(own, baseline).map { $1 / $0 }
        let ratio = median(ratios)
        var text = String(format: "%.2f× (%.2f–%.2f)", ratio, ratios.min() ?? 0, ratios.max() ?? 0)
        guard let target else { return (text + " (reference, no target)", true) }
        text += String(format: ", target ≥ %.2f×: %@", target, ratio >= target ? "met" : "MISSED")
        return (text, ratio >= target)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The process's resource usage so far, every thread included.
    static func usage() -> rusage {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return usage
    }

    /// The context switches of the process's threads so far, and of them the voluntary ones (waiting for work; the
    /// others: preempted).
    static func contextSwitches() -> (all: Int, voluntary: Int) {
        let usage = usage()
        return (usage.ru_nvcsw + usage.ru_nivcsw, usage.ru_nvcsw)
    }

    /// The process's user and system CPU time so far, every thread included.
    static func cpuSeconds() -> Double {
        let usage = usage()
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// The body the bench server answers (`Benchmarks/client_bench.py` serves these bytes), as an app would decode it by
/// hand: `Codable` with `JSONDecoder`. The generated `MoviesCreditsResponse` reads the same `cast`.
struct BenchCredits: Decodable, Sendable {
    struct Person: Decodable, Sendable {
        let personID: String
        let name: String
        let birthday: String?
        let popularity: Double
        let knownFor: [Int]

        enum CodingKeys: String, CodingKey {
            case personID = "person_id"
            case name, birthday, popularity
            case knownFor = "known_for"
        }
    }

    let id: Int
    let cast: [Person]

    /// How many people the served body names.
    static let people = 3

    @Sendable static func decode(_ data: Data) throws -> BenchCredits {
        try JSONDecoder().decode(BenchCredits.self, from: data)
    }

    /// What `APIClient` sends: the credits of movie `id`, in English, with a bearer token.
    static func resource(id: Int, deduplicate: Bool) -> BackendResource<Void, BenchCredits, BenchBearer> {
        BackendResource(
            name: "bench.credits", server: "api", method: .get,
            path: ResourcePath("/movie/{id}/credits", parameters: ["id": String(id)]),
            query: [QueryItem("language", "en-US")], deduplicate: deduplicate, decodeResponse: decode)
    }
}

/// A bearer token in `Authorization`.
enum BenchBearer: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
}
