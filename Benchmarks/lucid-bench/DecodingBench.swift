import Foundation
import GoldenMovies
import LucidRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Decoding speed (issue 17 item 4): a page of the Movies example's `discover` endpoint, decoded through the
/// generated payload exactly as the generated service reads a response (`readResponse`, so `excluded_paths`
/// included), against a hand-written mirror of the same shape with synthesized `Codable` and a `JSONDecoder` with
/// the same date format. Prints one line for the throughput of both and one for the peak memory of a 50 MB body.
enum DecodingBench {
    /// Movies in the 5.2 MB page.
    static let movieCount = 6_715
    /// Timed decodes of each kind, interleaved; the best of each is reported, as the figure least disturbed by
    /// whatever else the machine runs.
    static let rounds = 7

    static func run() throws {
        let body = DiscoverBody.make(movies: movieCount)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        let resource = MoviesService.fetchDiscoverResource()
        let decoder = Mirror.decoder()
        try check(generated: try resource.readResponse(response), synthesized: try Mirror.decode(body, decoder))

        var generated = Double.infinity
        var synthesized = Double.infinity
        for _ in 0..<rounds {
            generated = min(generated, try seconds { _ = try resource.readResponse(response) })
            synthesized = min(synthesized, try seconds { _ = try Mirror.decode(body, decoder) })
        }
        let megabytes = Double(body.count) / 1e6
        print(
            String(
                format: "decoding %.1f MB discover page: generated %.1f MB/s, synthesized Codable %.1f MB/s, "
                    + "ratio %.2f (target ≥ 0.9)",
                megabytes, megabytes / generated, megabytes / synthesized, synthesized / generated))
        try peakMemory(movies: movieCount * 10)
    }

    /// Both decoders read the same movies, and the generated one reports nothing it tolerated.
    static func check(generated: MoviesDiscoverResponse, synthesized: Mirror.Response) throws {
        let (_, issues) = try DecodingIssueReporter.collectingIssues {
            try MoviesDiscoverResponse.decode(from: DiscoverBody.make(movies: 50))
        }
        guard generated.movies.count == movieCount, synthesized.data.results.count == movieCount, issues.isEmpty,
            generated.movies.map(\.title) == synthesized.data.results.map(\.title),
            generated.movies.map(\.releaseDate) == synthesized.data.results.map(\.releaseDate),
            generated.movies.allSatisfy({ $0.directorName == nil })
        else {
            throw BenchError("the generated and the synthesized decoders disagree on the discover page: \(issues)")
        }
    }

    /// Wall-clock seconds `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let elapsed = try ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The resident memory the process reaches while decoding a page of `movies` movies (about 50 MB) through the
    /// generated payload, then through the mirror: the high-water mark, reset before each decode where the system
    /// allows it (Linux); elsewhere the process's peak so far, which the 50 MB decode normally sets.
    static func peakMemory(movies: Int) throws {
        var body = DiscoverBody.make(movies: movies)
        let megabytes = Double(body.count) / 1e6
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        let generated = try ResidentMemory.peak { _ = try MoviesService.fetchDiscoverResource().readResponse(response) }
        let synthesized = try ResidentMemory.peak { _ = try Mirror.decode(body, Mirror.decoder()) }
        body = Data()
        print(
            String(
                format: "decoding peak memory, %.0f MB discover page: generated %.0f MB, synthesized Codable %.0f MB "
                    + "(process resident peak, body included)",
                megabytes, generated, synthesized))
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The process's resident memory.
enum ResidentMemory {
    /// The highest resident size in MB while `body` runs.
    static func peak(_ body: () throws -> Void) rethrows -> Double {
        #if os(Linux)
        // Freed memory of earlier work goes back to the system (glibc's malloc_trim, not in the Glibc module), so it
        // is not counted again.
        if let trim = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        if let file = fopen("/proc/self/clear_refs", "w") {
            fputs("5", file)  // resets VmHWM to the current resident size
            fclose(file)
        }
        try body()
        return linuxHighWaterMark() ?? maxResidentSize()
        #else
        try body()
        return maxResidentSize()
        #endif
    }

    /// `getrusage`'s peak resident size: kilobytes on Linux, bytes on Apple platforms.
    static func maxResidentSize() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1e6
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) * 1024 / 1e6
        #endif
    }

    #if os(Linux)
    /// `VmHWM` of /proc/self/status, in MB.
    static func linuxHighWaterMark() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024 / 1e6
    }
    #endif
}

/// A discover page in the shape TMDB answers (`adult`, `backdrop_path`, `genre_ids`, `overview`, …, with keys the
/// spec does not read), under the spec's `base_key` `data`, each movie with the `credits` that `excluded_paths`
/// skips. Values come from a fixed pseudo-random sequence, so every run decodes the same bytes.
enum DiscoverBody {
    static func make(movies: Int) -> Data {
        var random = SplitMix(seed: 17)
        var json = ""
        json.reserveCapacity(movies * 800)
        json += #"{"data":{"page":1,"total_results":\#(movies),"total_pages":1,"results":["#
        for index in 0..<movies {
            if index > 0 { json += "," }
            movie(id: 100 + index * 7, into: &json, &random)
        }
        json += "]}}"
        return Data(json.utf8)
    }

    static let genres = [28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37]
    static let words = [
        "a", "the", "of", "and", "to", "in", "young", "world", "love", "life", "family", "must", "his", "her", "war",
        "city", "finds", "story", "friends", "new", "secret", "past", "journey", "small", "town", "dark", "mysterious",
        "detective", "years", "after", "home", "father", "daughter", "discovers", "team", "against", "time", "lost",
        "unexpected", "dangerous", "mission", "across", "country", "café", "rêve", "\\\"hero\\\"", "night", "summer",
    ]
    static let languages = ["en", "en", "en", "fr", "ja", "es", "ko", "de", "it"]
    static let names = [
        "Lana Wachowski", "Quentin Tarantino", "Agnès Varda", "Hayao Miyazaki", "Kathryn Bigelow", "Bong Joon-ho",
        "Greta Gerwig", "Denis Villeneuve", "Céline Sciamma", "Akira Kurosawa", "Sofia Coppola", "Pedro Almodóvar",
    ]

    static func movie(id: Int, into json: inout String, _ random: inout SplitMix) {
        let title = sentence(words: 1 + random.next(4), &random, capitalized: true)
        let genreIDs = (0...random.next(3)).map { _ in String(genres[random.next(genres.count)]) }
        json += #"{"adult":false,"backdrop_path":"/\#(path(&random)).jpg","#
        json += #""genre_ids":[\#(genreIDs.joined(separator: ","))],"#
        json += #""id":\#(id),"original_language":"\#(languages[random.next(languages.count)])","#
        json += #""original_title":"\#(title)","overview":"\#(sentence(words: 20 + random.next(42), &random))","#
        json += #""popularity":\#(random.next(900_000)).\#(random.next(1000)),"#
        json += #""poster_path":"/\#(path(&random)).jpg","release_date":"\#(date(&random))","title":"\#(title)","#
        json += #""video":false,"vote_average":\#(random.next(10)).\#(random.next(10)),"#
        json += #""vote_count":\#(random.next(30_000)),"rating":\#(random.next(10)).\#(random.next(10)),"#
        json += #""credits":{"director":{"name":"\#(names[random.next(names.count)])"},"cast":["#
        json += #"{"name":"\#(names[random.next(names.count)])","character":"\#(sentence(words: 2, &random))"},"#
        json += #"{"name":"\#(names[random.next(names.count)])","character":"\#(sentence(words: 2, &random))"}]}}"#
    }

    static func sentence(words count: Int, _ random: inout SplitMix, capitalized: Bool = false) -> String {
        let text = (0..<count).map { _ in words[random.next(words.count)] }.joined(separator: " ")
        return capitalized ? text.prefix(1).uppercased() + text.dropFirst() : text + "."
    }

    static func path(_ random: inout SplitMix) -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<27).map { _ in characters[random.next(characters.count)] })
    }

    static func date(_ random: inout SplitMix) -> String {
        let (year, month, day) = (1950 + random.next(75), 1 + random.next(12), 1 + random.next(28))
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

/// A small deterministic random sequence (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }
}

/// What an app would write by hand for the same page: plain structs, synthesized `Codable` through `CodingKeys`, the
/// same Swift types as the generated `Movie` (optional where the spec has a default), its metadata in the same
/// struct, and `credits` not declared (the spec excludes it).
enum Mirror {
    static func decoder() -> JSONDecoder {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        return decoder
    }

    static func decode(_ body: Data, _ decoder: JSONDecoder) throws -> Response {
        try decoder.decode(Response.self, from: body)
    }

    struct Response: Decodable {
        let data: Page
    }

    struct Page: Decodable {
        let results: [Movie]
        let totalResults: Int
        let totalPages: Int

        enum CodingKeys: String, CodingKey {
            case results
            case totalResults = "total_results"
            case totalPages = "total_pages"
        }
    }

    struct Movie: Decodable {
        let id: Int
        let createdAt: Date?
        let updatedAt: Date?
        let title: String
        let originalTitle: String?
        let overview: String?
        let releaseDate: Date?
        let popularity: Double
        let budget: Decimal?
        let posterPath: URL?
        let runtime: Double?
        let trailerOffset: Double?
        let adult: Bool?
        let tags: [String]?
        let scores: [String: Double]?
        let genreIDs: [Int]
        let studio: Studio?
        let cast: [Person]?
        let rating: Double?
        let watched: Bool?
        let reviewCount: Int?
        let accentColor: String?
        let thumbnail: Data?
        let trackingID: UUID?
        let qualities: [String]?
        let permissions: [String]?
        let boxOffice: Int64?
        let rank: Int?
        let fetchedAt: Date?

        enum CodingKeys: String, CodingKey {
            case id
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case title
            case originalTitle = "original_title"
            case overview
            case releaseDate = "release_date"
            case popularity, budget
            case posterPath = "poster_path"
            case runtime
            case trailerOffset = "trailer_offset"
            case adult, tags, scores
            case genreIDs = "genre_ids"
            case studio, cast, rating, watched
            case reviewCount = "review_count"
            case accentColor = "accent_color"
            case thumbnail
            case trackingID = "tracking_id"
            case qualities, permissions
            case boxOffice = "box_office"
            case rank
            case fetchedAt = "fetched_at"
        }
    }

    struct Studio: Decodable {
        let studioID: Int
        let name: String
        let logoPath: URL?
        let originCountry: String?

        enum CodingKeys: String, CodingKey {
            case studioID = "studio_id"
            case name
            case logoPath = "logo_path"
            case originCountry = "origin_country"
        }
    }

    struct Person: Decodable {
        let personID: String
        let name: String
        let birthday: Date?
        let popularity: Float?
        let knownFor: [Int]

        enum CodingKeys: String, CodingKey {
            case personID = "person_id"
            case name, birthday, popularity
            case knownFor = "known_for"
        }
    }
}
