import Foundation
import LucidRuntime
import Movies

/// What each command does, printed as it happens.
struct Commands {
    let app: MoviesApp
    var client: MoviesClient { app.movies }

    func list(genre: Int?) async throws(APIError) {
        print("Discover\(genre.map { " (genre \($0))" } ?? ""):")
        // Every page, one request each as the loop needs it; the spec's `paging:` says how the next is asked for.
        var pages = 0
        for try await page in client.discoverPages(withGenres: genre.map { [$0] }, maxPages: 10) {
            pages += 1
            for movie in page.movies { print("  " + Describe.line(movie) + "   (page \(pages))") }
        }
        print("  \(pages) page(s)")
    }

    func show(_ id: Movie.ID) async throws(APIError) {
        print("Movie \(id.rawValue):")
        let movie = try await client.fetchMovie(id: id).movie
        let cast = try await client.fetchCredits(id: id).people
        print("  " + Describe.line(movie))
        if let director = movie.directorName {
            print("  directed by \(director), \(Int(movie.runtime.components.seconds / 60)) min")
        }
        print("  cast: \(cast.map(\.name).joined(separator: ", "))")
    }

    func prefetch(_ ids: [Movie.ID]) async throws(APIError) {
        print("Prefetch \(ids.map { String($0.rawValue) }.joined(separator: ", ")):")
        for id in ids { try await client.prefetchMovie(id: id) }
        let before = app.log.sent
        let movie = try await client.fetchMovie(id: ids[0]).movie
        print("  " + Describe.line(movie) + (app.log.sent == before ? "   (from the cache, no request)" : ""))
    }

    func rate(_ id: Movie.ID, _ value: Double) async throws(APIError) {
        // Printed before enqueueing: the queue may send before `enqueueRate` returns.
        print(
            "Rate \(id.rawValue) with \(value) (queued, and kept in the app's state folder until the server answers):")
        try await client.enqueueRate(id: id, body: RatingRequest(value: value)) { $0.rating = value }
        await app.queue.waitUntilIdle()
    }

    func watch(_ id: Movie.ID, _ value: Double) async throws(APIError) {
        print("Entity store: the discover list observed while \(id.rawValue) is rated \(value), and not fetched again:")
        var ids: [Movie.ID] = []
        // The controller has a store: each page's movies go into it as they arrive.
        for try await movie in app.controller.discoverItems() { ids.append(movie.id) }
        let lists = Observed(app.store.observe(Movie.self, ids: ids))
        await lists.wait(for: 1)
        print("  list: " + Describe.ratings(lists.values[0]))
        let listRequests = app.log.count(path: "/3/discover/movie")
        // Changed in the store at once, so every screen shows it; rolled back if the server refuses.
        _ = try await client.rate(id: id, body: RatingRequest(value: value)) { $0.rating = value }
        await lists.wait(for: 2)
        let refetched = app.log.count(path: "/3/discover/movie") > listRequests
        print("  list: " + Describe.ratings(lists.values[1]) + (refetched ? "" : "   (no request for the list)"))
        lists.stop()
    }

    func live(_ id: Movie.ID) async throws(APIError) {
        print("New reviews of \(id.rawValue), as they are written (server-sent events):")
        // The stream resumes after the last review received when it breaks; the server's 204 ends it.
        for try await review in client.fetchLiveReviews(id: id) {
            print("  \(review.author): \(review.content)")
        }
    }

    func poster(_ id: Int) async throws(APIError) {
        print("Poster of \(id):")
        let destination = app.stateDirectory.appendingPathComponent("poster-\(id).jpg")
        let reports = ProgressCount()
        // Written beside the destination as it arrives and moved there when complete; never held in memory.
        let file = try await app.images.fetchPoster(movieID: id, destination: destination) { _ in reports.add() }
        let progress = reports.count > 0 ? "with progress" : "no progress reported"
        print("  \(file.bytes) bytes written to \(file.location.lastPathComponent) (\(progress))")
    }

    /// Every command once, then a request the server refuses, to show its typed error payload.
    func demo() async throws(APIError) {
        try await list(genre: nil)
        try await show(603)
        try await prefetch([680])
        try await rate(603, 9.5)
        try await watch(680, 9)
        try await live(603)
        try await poster(603)
        print("Movie 999:")
        do {
            _ = try await client.fetchMovie(id: 999)
        } catch {
            print("  " + Describe.error(error))
        }
    }
}

/// Counts progress reports, which arrive on the transport's thread.
final class ProgressCount: @unchecked Sendable {
    // `@unchecked`: `value` is only touched while holding `lock` (Mutex needs macOS 15; the floor is 13).
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

/// The values of a store observation, gathered as they come.
final class Observed<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `received` is only touched while holding `lock`.
    private let lock = NSLock()
    private var received: [Value] = []
    private var task: Task<Void, Never>?

    init(_ observation: EntityObservation<Value>) {
        task = Task { [weak self] in
            for await value in observation { self?.lock.withLock { self?.received.append(value) } }
        }
    }

    var values: [Value] { lock.withLock { received } }

    /// Waits until `count` values came (at most 5 seconds).
    func wait(for count: Int) async {
        for _ in 0..<500 where values.count < count { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// Ends the observation: the store lets its observer go.
    func stop() { task?.cancel() }
}

/// How the app prints things.
enum Describe {
    static func ratings(_ movies: [Movie]) -> String {
        movies.map { "\($0.id.rawValue) ★ \($0.rating)" }.joined(separator: ", ")
    }

    static func line(_ movie: Movie) -> String {
        let year = movie.releaseDate.map { " (\(Calendar.utc.component(.year, from: $0)))" } ?? ""
        return "\(movie.id.rawValue)  \(movie.title)\(year)  ★ \(movie.rating)"
    }

    /// The status and the server's own message, from the decoded error payload.
    static func error(_ error: APIError) -> String {
        guard let payload = error.errorPayload(as: MoviesError.self) else { return error.description }
        return
            "\(error.status.map { "HTTP \($0)" } ?? "failed"): \(payload.statusMessage ?? "no message") (code \(payload.statusCode.map(String.init) ?? "none"))"
    }
}

extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
