import Foundation
import LucidRuntime

/// `lucid-bench paging BASE_URL [--pages N] [--rounds N] [--target X]` (issue 30): what paging costs over single
/// calls, over loopback to the server `Benchmarks/client_bench.py` starts (every path answers the same body).
///
/// Each round (30 unless told) gets `pages` pages (100 unless told) of `/3/movie/<n>/credits?language=en-US&page=<p>` two ways, in turn (the order
/// turns each round): a `PageSequence` in the page-number style, which reads the body's `id` (603) as its total
/// page count from every page, so the cost of reading a body value is in; and a loop of `APIClient.send` with the
/// same resources, one page number after another. Every round uses a path of its own, and neither way caches or
/// deduplicates. Prints the time and the process's CPU time per page of each (median of the rounds) and the median of each round's ratio;
/// returns whether that ratio is at most the target (1.05: paging takes at most 5% more time per page).
enum PagingBench {
    static func run(base: String, arguments: [String]) async throws -> Bool {
        var pages = 100
        var rounds = 30
        var target = 1.05
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
            switch name {
            case "--pages": pages = Int(value) ?? pages
            case "--rounds": rounds = Int(value) ?? rounds
            case "--target": target = Double(value) ?? target
            default: throw BenchError("unknown option \(name)")
            }
        }
        guard pages > 0, pages <= 603, rounds > 0 else { throw BenchError("--pages 1...603, --rounds > 0") }
        let client = APIClient(
            environments: ServerEnvironments(servers: [
                (name: "api", environments: [.init(name: "bench", baseURL: base + "/3")])
            ]), transport: .urlSession(), credentials: CredentialProvider { _ in "bench-token" })

        // Each way's time per page, per round; round 0 warms the connections up and is not counted.
        var times: [Way: [Double]] = [:]
        var cpu: [Way: [Double]] = [:]
        var movie = 0
        for round in 0...rounds {
            var thisRound: [Way: Double] = [:]
            var thisRoundCPU: [Way: Double] = [:]
            for offset in 0..<Way.allCases.count {
                let way = Way.allCases[(round + offset) % Way.allCases.count]
                movie += 1
                let start = ContinuousClock.now
                let cpuStart = ClientBench.cpuSeconds()
                let people = try await way.people(client, movie: movie, pages: pages)
                guard people == pages * BenchCredits.people else {
                    throw BenchError("paging: \(people) people in \(pages) pages, not \(pages * BenchCredits.people)")
                }
                thisRound[way] = seconds(ContinuousClock.now - start) / Double(pages)
                thisRoundCPU[way] = (ClientBench.cpuSeconds() - cpuStart) / Double(pages)
            }
            guard round > 0 else { continue }
            for (way, time) in thisRound { times[way, default: []].append(time) }
            for (way, time) in thisRoundCPU { cpu[way, default: []].append(time) }
        }
        print("paging: \(pages) pages a run, \(rounds) rounds, interleaved; time per page (median of the rounds)")
        var met = true
        for way in Way.allCases {
            let line =
                "  " + way.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + String(
                    format: "%.3f ms/page, CPU %.0f µs/page", median(times[way] ?? []) * 1000,
                    median(cpu[way] ?? []) * 1e6)
            guard way != .calls else {
                print(line)
                continue
            }
            let ratios = zip(times[way] ?? [], times[.calls] ?? []).map { $0 / $1 }
            let ratio = median(ratios)
            let hasTarget = way == .pages
            if hasTarget { met = ratio <= target }
            print(
                line
                    + String(
                        format: "   ratio %.3f (%.3f-%.3f)%@", ratio, ratios.min() ?? 0, ratios.max() ?? 0,
                        hasTarget ? String(format: ", target <= %.2f: %@", target, met ? "met" : "MISSED") : ""))
        }
        return met
    }

    /// The ways of getting the pages.
    enum Way: CaseIterable {
        /// One `send` per page: the reference.
        case calls
        /// A `PageSequence` reading the body's total page count from every page: the figure with the target.
        case pages
        /// A `PageSequence` reading nothing from the body: the engine's own cost, without the body value.
        case pagesWithoutBody

        var name: String {
            switch self {
            case .calls: "single calls"
            case .pages: "PageSequence (total pages in the body)"
            case .pagesWithoutBody: "PageSequence (no body value)"
            }
        }

        func people(_ client: APIClient, movie: Int, pages: Int) async throws -> Int {
            switch self {
            case .calls: try await viaCalls(client, movie: movie, pages: pages)
            case .pages: try await viaPages(client, movie: movie, pages: pages, totalPages: ["id"])
            case .pagesWithoutBody: try await viaPages(client, movie: movie, pages: pages, totalPages: nil)
            }
        }
    }

    /// The first page of movie `movie`'s credits, in English.
    static func resource(movie: Int, page: Int?) -> BackendResource<Void, BenchCredits, BenchBearer> {
        BackendResource(
            name: "bench.credits", server: "api", method: .get,
            path: ResourcePath("/movie/{id}/credits", parameters: ["id": String(movie)]),
            query: [QueryItem("language", "en-US")] + (page.map { [QueryItem("page", String($0))] } ?? []),
            deduplicate: false, decodeResponse: BenchCredits.decode)
    }

    /// The people of `pages` pages through a `PageSequence`.
    static func viaPages(_ client: APIClient, movie: Int, pages: Int, totalPages: [String]?) async throws -> Int {
        let sequence = PageSequence(
            first: resource(movie: movie, page: 1), paging: .pageNumber(parameter: "page", totalPages: totalPages),
            maxPages: pages, count: { $0.cast.count }, accessor: client.accessor(for: BenchBearer.self))
        var people = 0
        for try await page in sequence { people += page.cast.count }
        return people
    }

    /// The people of the same pages, one `send` each.
    static func viaCalls(_ client: APIClient, movie: Int, pages: Int) async throws -> Int {
        var people = 0
        for page in 1...pages {
            people += try await client.send(resource(movie: movie, page: page), with: ()).cast.count
        }
        return people
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
