import Foundation
import GoldenMovies
import LucidRuntime

/// The entity store's figures (issue 41): the Movies example's discover page, decoded as the generated service reads
/// it, then its entities — each movie, its cast and its studio — put into an `EntityStore`, beside decoding alone
/// in the same run. Until the generated controllers put responses themselves (issue 41's next step), the
/// conformances are written here, as the generator will write them.
enum StoreBench {
    /// Timed runs of each kind, interleaved; the best of each is reported.
    static let rounds = 7

    static func run() throws {
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
                    + "against decoding alone %.1f ms, %.2f× (a call's target, ≤ 1.10×, is measured once "
                    + "controllers put responses)",
                page.movies.count, entities, Double(entities) / putting, Double(entities) / puttingAgain,
                decodingAndPutting * 1e3, decoding * 1e3, decodingAndPutting / decoding))
    }
}

// The conformances the generator will write for stored entities (issue 41).
extension Movie: StorableEntity, EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) {
        batch.add(self)
        cast.collectEntities(into: &batch)
        studio.collectEntities(into: &batch)
    }
}

extension Person: StorableEntity, EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) { batch.add(self) }
}

extension Studio: StorableEntity, EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) { batch.add(self) }
}

extension MoviesDiscoverResponse: EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) { movies.collectEntities(into: &batch) }
}
