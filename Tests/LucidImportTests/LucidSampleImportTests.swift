import Foundation
import LucidSpec
import Testing

@testable import LucidImport

/// The hand-written Lucid project in `Fixtures/LucidSample`, which uses every field of Lucid's description format,
/// imported: the spec's content, the warnings at their places, and the committed golden spec.
struct LucidSampleImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let sample = fixtures.appendingPathComponent("LucidSample").path
    /// The golden case whose spec is this import's output, compiled and decoded by its own tests.
    static let goldenSpec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/LucidImport/Spec/lucid_sample.lucid.yaml")

    static let result = LucidImporter.importFolder(sample)

    var spec: String { Self.result.spec ?? "" }

    /// `Descriptions/Entities/Movie.json:5:5: warning: ...` for each diagnostic, without the fixture's folder.
    var diagnostics: [String] {
        Self.result.diagnostics.map { $0.description.replacingOccurrences(of: Self.sample + "/", with: "") }
    }

    @Test func theSampleImportsWithWarningsOnly() throws {
        #expect(Self.result.spec != nil)
        #expect(!Self.result.diagnostics.contains { $0.severity == .error })
        let lint = SpecLoader().load(yaml: spec, file: "sample.lucid.yaml")
        #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
        #expect(lint.spec?.entities.map(\.name) == ["credit", "genre", "movie", "person", "studio"])
    }

    @Test func theCommittedGoldenSpecIsWhatTheImportWritesNow() throws {
        let committed = try String(contentsOf: Self.goldenSpec, encoding: .utf8)
        #expect(
            committed == spec, "re-record with: lucid-gen import-lucid \(Self.sample) --output <golden spec> --force")
    }

    @Test func theImportIsDeterministic() {
        let again = LucidImporter.importFolder(Self.sample)
        #expect(again.spec == Self.result.spec)
        #expect(again.diagnostics == Self.result.diagnostics)
    }

    @Test func configurationSettingsAreCarriedOver() {
        #expect(spec.contains("\nmodule: LucidSample\n"))
        #expect(spec.contains("\nlexicon: [ID, URL]\n"))
        #expect(spec.contains("\nentity_suffix: Entity\n"))
    }

    @Test func idOnlyRelationshipsReadTheKeysLucidReads() {
        #expect(spec.contains("genres: { type: \"[genre]\", id_only: true, key: genres_ids }"))
        #expect(spec.contains("director: { type: person, id_only: true, key: director_ref_id }"))
        #expect(spec.contains("cast: { type: \"[person]\", id_only: true, key: cast }"))
        // Lucid's decoder converts the body's snake_case keys before matching camelCase description keys.
        #expect(spec.contains("imdbID: { type: string, key: external_ids.imdb_id, nullable: true, lenient: true }"))
        #expect(spec.contains("movie: { type: movie, id_only: true, key: movie_id }"))
    }

    @Test func defaultsAndNullablesBecomeLenient() {
        #expect(spec.contains("runtime: { type: seconds, default: 5400, lenient: true }"))
        #expect(spec.contains("clip_length: { type: milliseconds, default: 1500, lenient: true }"))
        #expect(spec.contains("release_date: { type: date, default: now, lenient: true }"))
        #expect(spec.contains("rating: { type: rating_kind, default: general, lenient: true }"))
        #expect(spec.contains("accent: { type: color, default: \"#1E88E5\", lenient: true }"))
        #expect(spec.contains("trailer_name: { type: string, default: null, nullable: true, lenient: true }"))
        #expect(spec.contains("poster_path: { type: url, nullable: true, lenient: true }"))
        #expect(spec.contains("studio: { type: studio, nullable: true, lenient: true }"))
        #expect(spec.contains("is_classic: { type: bool, nullable: true, lenient: true, lazy: true }"))
        #expect(spec.contains("tags: { type: \"[string]\", failable_items: true }"))
        #expect(spec.contains("rank: { type: int, nullable: true, lenient: true }"))
        #expect(spec.contains("independent: { type: bool, default: false, lenient: true }"))
        #expect(!spec.contains("secret"))
        #expect(!spec.contains("ranking"))  // Lucid reads metadata at its name
    }

    @Test func subtypesKeepLucidsCasesOptionsAndKeys() {
        #expect(spec.contains("cases: [general, teen, adult]  # unused in Lucid, which fails to decode them: legacy"))
        #expect(spec.contains("options: [hd, legacy_sd, uhd]  # unused in Lucid, kept for their bits: legacy_sd"))
        #expect(spec.contains("amount: { type: double, key: [amount.value] }"))
        #expect(spec.contains("labels: { type: \"{string: string}\", nullable: true, lenient: true }"))
        #expect(spec.contains("history: { type: \"[double]\", nullable: true, lenient: true }"))
    }

    @Test func identifiers() {
        #expect(spec.contains("  movie:\n    identifier: int\n"))
        #expect(spec.contains("identifier: { type: string, key: slug }"))
        #expect(spec.contains("identifier: { property: email }"))
        #expect(
            spec.contains(
                "  credit:\n    # Lucid derives the identifier from movie, person; none here.\n    properties:"))
    }

    @Test func endpointsGetTODOMethodsAndLucidsPayloadShapes() {
        #expect(spec.contains("servers:\n  api: https://api.example.com  # TODO: the real base URL\n"))
        #expect(spec.contains("discover_movie:\n        get: /discover/movie  # TODO: Lucid has no method or path"))
        #expect(spec.contains("credits_write:\n        put: /credits  # TODO"))
        #expect(
            spec.contains(
                "get: \"/movie/{movie_id}/similar\"  # TODO: Lucid has no method or path; check them\n"
                    + "        params: { movie_id: string }  # TODO: the parameters' types\n"))
        #expect(spec.contains("movie_write:\n        post: /movie  # TODO"))
        #expect(
            spec.contains(
                "base_key: data.items\n          entity: { name: movie, key: movie, structure: nested_array }"))
        #expect(spec.contains("entity: { name: genre, key: genres, structure: array }"))
        #expect(spec.contains("excluded_paths: [results.poster_path, results.studio]"))
        #expect(
            spec.contains("metadata:\n            total_results: int\n            page: { type: int, nullable: true }"))
    }

    @Test func whatHasNoEquivalentIsReportedWhereItIsWritten() {
        let expected = [
            ".lucid.yaml:6:5: warning: 'output_path' has no equivalent in the spec; pass it to 'lucid-gen "
                + "generate --output'",
            ".lucid.yaml:13:1: warning: 'cache_path' has no equivalent in lucid-gen; lucid-gen keeps no "
                + "description cache",
            ".lucid.yaml:9:3: warning: target 'app_test_support' has no equivalent in lucid-gen; generate's --tests "
                + "writes the example tests",
            ".lucid.yaml:22:1: warning: 'use_core_data_legacy_naming' has no equivalent in lucid-gen; lucid-gen has "
                + "no Core Data model",
            "Descriptions/Entities/Movie.json:21:27: warning: 'key' of property 'rank' of the metadata of entity "
                + "'movie' has no equivalent in lucid-gen; Lucid does not read it either: metadata is read at its name",
            "Descriptions/Entities/Studio.json:5:5: warning: 'legacy_previous_name' of entity 'studio' has no "
                + "equivalent in lucid-gen; lucid-gen has no Core Data model to migrate",
            "Descriptions/Entities/Movie.json:5:5: warning: 'persist' of entity 'movie' has no equivalent in "
                + "lucid-gen; lucid-gen has no Core Data persistence",
            "Descriptions/Entities/Movie.json:9:5: warning: 'version_history' of entity 'movie' has no "
                + "equivalent in lucid-gen; lucid-gen has no Core Data model versions",
            "Descriptions/Entities/Movie.json:61:56: warning: property 'secret' of entity 'movie' is unused: "
                + "Lucid leaves it out of the generated code, and so does the import",
            "Descriptions/Entities/Movie.json:69:13: warning: 'objc' of property 'notes' of entity 'movie' has "
                + "no equivalent in lucid-gen; generated types are Swift only",
            "Descriptions/Subtypes/RatingKind.json:5:5: warning: 'objc' of subtype 'rating_kind' has no "
                + "equivalent in lucid-gen; generated types are Swift only",
            "Descriptions/EndpointPayloads/DiscoverMovie.json:3:13: warning: the 'read' payload of endpoint "
                + "payload '/discover/movie' says nothing about the request: the import writes 'get: "
                + "/discover/movie' on the placeholder server, marked TODO; set the real method, path, "
                + "parameters and auth",
            "Descriptions/EndpointPayloads/DiscoverMovie.json:11:72: warning: the excluded path 'other.key' of "
                + "the 'read' payload of endpoint payload '/discover/movie' lies outside its payload (base_key "
                + "'data'); it is left out",
            "Descriptions/EndpointPayloads/GenreList.json:4:82: warning: Lucid reads this 'nested_array' as a "
                + "plain list, since it has no 'base_key'; so does the import",
            "Descriptions/Entities/Credit.json:5:9: warning: entity 'credit' takes its identifier from its "
                + "relationships 'movie', 'person', which lucid-gen cannot; it has no identifier",
        ]
        for line in expected { #expect(diagnostics.contains(line), "missing: \(line)") }
        #expect(Self.result.diagnostics.allSatisfy { $0.severity == .warning })
        let locations = Self.result.diagnostics.map(\.location)
        #expect(locations == locations.sorted())
    }
}
