import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// A PATCH body as generated code writes it.
struct MovieUpdate: Encodable {
    var title: Patch<String> = .unchanged
    var tagline: Patch<String> = .unchanged
    var genres: Patch<[String]> = .unchanged
    var released: Patch<Date> = .unchanged
    var showtimes: Patch<[Date]> = .unchanged
    var runtime: Patch<Duration> = .unchanged

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(title, at: "title")
        try container.encode(tagline, at: "tagline")
        try container.encode(genres, at: "genres")
        try container.encode(released, at: "released", as: .date(.pattern("yyyy-MM-dd")))
        try container.encode(showtimes, at: "showtimes", as: .dates(.epochSeconds))
        try container.encode(runtime, at: "runtime", as: .duration(.seconds))
    }
}

/// `Patch`: absent, null or a value.
struct PatchTests {
    func json(_ update: MovieUpdate) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(update), as: UTF8.self)
    }

    @Test func unchangedFieldsAreLeftOut() throws {
        #expect(try json(MovieUpdate()) == "{}")
    }

    @Test func nullIsSentAsNull() throws {
        let update = MovieUpdate(
            title: .null, tagline: .null, genres: .null, released: .null, showtimes: .null, runtime: .null)
        #expect(
            try json(update)
                == #"{"genres":null,"released":null,"runtime":null,"showtimes":null,"tagline":null,"title":null}"#)
    }

    @Test func setValuesAreSentInTheirFormat() throws {
        var update = MovieUpdate()
        update.title = .set("Heat")
        update.genres = .set(["crime", "drama"])
        update.released = .set(Date(timeIntervalSince1970: 818_035_200))
        update.showtimes = .set([Date(timeIntervalSince1970: 60)])
        update.runtime = .set(.seconds(10_200))
        update.tagline = .null
        #expect(
            try json(update)
                == #"{"genres":["crime","drama"],"released":"1995-12-04","runtime":10200,"showtimes":[60],"#
                + #""tagline":null,"title":"Heat"}"#)
    }

    @Test func patchesCompare() {
        #expect(Patch<Int>.unchanged != .null)
        #expect(Patch.set(1) != .null)
        #expect(Set([Patch.set(1), .set(1), .unchanged]).count == 2)
    }

    @Test func aFormBodyLeavesNullOutAsItCannotSayIt() throws {
        var update = MovieUpdate()
        update.title = .set("Heat")
        update.tagline = .null
        #expect(String(decoding: try FormURLEncoder.encode(update), as: UTF8.self) == "title=Heat")
    }
}
