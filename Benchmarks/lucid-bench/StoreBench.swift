import Foundation
import GoldenMovies
import LucidRuntime

/// The entity store's figures (issue 41): the Movies example's discover page, decoded as the generated service reads
/// it, then its entities — each movie, its cast and its studio — put into an `EntityStore`, beside decoding alone
/// in the same run; and the cost a store adds to a call of the generated controller (`callCost`).
enum StoreBench {
    /// Timed runs of each kind, interleaved; the best of each is reported.
    static let rounds = 7
    /// Rounds of the call's comparison, each a pair of runs.
    static let callRounds = 15

    static func run() async throws {
        let body = DiscoverBody.make(movies: DecodingBench.movieCount)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        let resource = MoviesService.fetchDiscoverResource()
        let page = try resource.readResponse(response)
        let entities = EntityBatch(page).count
        let limit = entities * 2
        var decoding = Double.infinity
        var decodingAndPutting = Double.infinity
        var putting = Double.infinity
        var puttingAgain = Double.infinity
        for _ in 0..<rounds {
            decoding = min(decoding, try DecodingBench.seconds { _ = try resource.readResponse(response) })
            decodingAndPutting = min(
                decodingAndPutting,
                try DecodingBench.seconds { EntityStore(limit: limit).put(try resource.readResponse(response)) })
            putting = min(putting, DecodingBench.seconds { EntityStore(limit: limit).put(page) })
            let warm = EntityStore(limit: limit)
            warm.put(page)
            puttingAgain = min(puttingAgain, DecodingBench.seconds { warm.put(page) })
        }
        let stored = EntityStore(limit: limit)
        guard stored.put(page) > 0, stored.count(of: Movie.self) == page.movies.count else {
            throw BenchError("the store did not keep the page's movies")
        }
        print(
            String(
                format: "entity store, the %d-movie discover page (%d entities): put into a "
                    + "new store %.0f entities/s, again unchanged %.0f entities/s; decoding and putting %.1f ms "
                    + "against decoding alone %.1f ms, %.2f×",
                page.movies.count, entities, Double(entities) / putting, Double(entities) / puttingAgain,
                decodingAndPutting * 1e3, decoding * 1e3, decodingAndPutting / decoding))
        try breakdown(page)
        for movies in [20, DecodingBench.movieCount] {
            try await callCost(movies: movies)
        }
    }

    /// A call of the generated `MoviesBusinessController.fetchDiscover()` with a store against the same controller
    /// without one, in the same run: the whole call — the resource, the credential, the client, the decoding —
    /// over an in-memory transport that answers at once, so that no network time hides the store's cost (over a
    /// real connection the ratio is closer still to 1). Target: at most 1.10×.
    static func callCost(movies: Int) async throws {
        let body = DiscoverBody.make(movies: movies)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        let client = APIClient(
            environments: MoviesServers.environments(), transport: .inMemory { _ in response },
            credentials: CredentialProvider(credential: { _ in "bench-key" }))
        let calls = max(3, 10_000 / max(movies, 1))
        let plain = MoviesBusinessController(accessible: client)
        // One store for every call, as an app keeps one: after the first call each put compares.
        let stored = MoviesBusinessController(accessible: client, store: EntityStore())
        _ = try await stored.fetchDiscover()
        var ratios: [Double] = []
        var best = (without: Double.infinity, with: Double.infinity)
        for round in 0..<callRounds {
            // Rounds alternate which goes first, so that neither always runs on a machine the other warmed.
            var without = 0.0
            var with = 0.0
            for side in round % 2 == 0 ? [false, true] : [true, false] {
                let controller = side ? stored : plain
                let time = try await seconds(calls) { _ = try await controller.fetchDiscover() }
                if side { with = time } else { without = time }
            }
            ratios.append(with / without)
            best = (min(best.without, without), min(best.with, with))
        }
        let ratio = ratios.sorted()[ratios.count / 2]
        print(
            String(
                format: "entity store, a call of fetchDiscover() (%d movies, in-memory transport): %.1f µs without a "
                    + "store, %.1f µs with one (best of %d rounds), %.2f× (median of the rounds' ratios, %.2f–%.2f; "
                    + "target ≤ 1.10×: %@)",
                movies, best.without / Double(calls) * 1e6, best.with / Double(calls) * 1e6, callRounds, ratio,
                ratios.min() ?? 0, ratios.max() ?? 0, ratio <= 1.10 ? "met" : "MISSED"))
    }

    /// What an unchanged put of the page spends an entity on: gathering the response's entities into a batch, and
    /// comparing each with the stored value (which tells observers apart from a value that did not change).
    static func breakdown(_ page: MoviesDiscoverResponse) throws {
        let store = EntityStore(limit: 100_000)
        store.put(page)
        let count = Double(EntityBatch(page).count)
        var put = Double.infinity
        var batch = Double.infinity
        var compare = Double.infinity
        for _ in 0..<rounds {
            put = min(put, DecodingBench.seconds { store.put(page) })
            batch = min(batch, DecodingBench.seconds { _ = EntityBatch(page) })
            compare = min(
                compare,
                DecodingBench.seconds {
                    var same = 0
                    for movie in page.movies where movie == movie { same += 1 }
                    precondition(same == page.movies.count)
                })
        }
        print(
            String(
                format: "entity store, an unchanged put: %.2f µs an entity, of which gathering the batch %.2f µs and "
                    + "comparing with the stored value %.2f µs",
                put / count * 1e6, batch / count * 1e6, compare / count * 1e6))
    }

    /// The seconds `count` runs of `body` take.
    private static func seconds(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        for _ in 0..<count { try await body() }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}
