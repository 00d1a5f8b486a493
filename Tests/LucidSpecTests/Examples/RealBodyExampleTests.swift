import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// Real response bodies (Mastodon's, Spotify's, from `../shared/testdata/bodies`) as examples of specs a user
/// would write from the APIs' documentation: they lint clean and without a single warning by default (real APIs
/// send many keys a spec does not read), while `--unread-keys` lists those keys, and the trap of an `id_only`
/// boost is caught.
@Suite struct RealBodyExampleTests {
    static let mastodonSpec = """
        lucid: 1
        module: Social
        servers:
          api: https://mastodon.example/api/v1
        subtypes:
          visibility: { cases: [public, unlisted, private, direct], unknown: true }
          media_attachment:
            properties:
              id: string
              type: string
              url: { type: url, nullable: true }
              description: { type: string, nullable: true }
        entities:
          account:
            identifier: string
            properties:
              username: string
              acct: string
              display_name: string
              locked: bool
              bot: bool
              created_at: date
              note: string
              url: url
              avatar: url
              followers_count: int
              following_count: int
              statuses_count: int
          status:
            identifier: string
            properties:
              created_at: date
              in_reply_to_id: { type: string, nullable: true }
              in_reply_to_account_id: { type: string, nullable: true }
              sensitive: bool
              spoiler_text: string
              visibility: visibility
              language: { type: string, nullable: true }
              uri: string
              url: { type: url, nullable: true }
              replies_count: int
              reblogs_count: int
              favourites_count: int
              favourited: { type: bool, nullable: true }
              reblogged: { type: bool, nullable: true }
              content: string
              reblog: { type: status, nullable: true }
              account: account
              media_attachments: "[media_attachment]"
        services:
          timelines:
            endpoints:
              home:
                get: /timelines/home
                response: { entity: { name: status, structure: array } }
                example: home.json
              status:
                get: /statuses/{id}
                params: { id: string }
                response: { entity: status }
                example: status.json
          accounts:
            endpoints:
              account:
                get: /accounts/{id}
                params: { id: string }
                response: { entity: account }
                example: account.json
        """

    static let spotifySpec = """
        lucid: 1
        module: Music
        servers:
          api: https://api.spotify.com/v1
        subtypes:
          external_urls: { properties: { spotify: url } }
          image:
            properties:
              url: url
              height: { type: int, nullable: true }
              width: { type: int, nullable: true }
          track_page:
            properties:
              href: url
              items: "[track]"
              limit: int
              next: { type: url, nullable: true }
              offset: int
              previous: { type: url, nullable: true }
              total: int
        entities:
          artist:
            identifier: string
            properties:
              name: string
              uri: string
              external_urls: external_urls
          track:
            identifier: string
            properties:
              name: string
              duration_ms: int
              explicit: bool
              track_number: int
              disc_number: int
              uri: string
              artists: "[artist]"
          album:
            identifier: string
            properties:
              name: string
              album_type: string
              release_date: string
              release_date_precision: string
              total_tracks: { type: int, nullable: true }
              genres: "[string]"
              popularity: { type: int, nullable: true }
              images: "[image]"
              artists: "[artist]"
              tracks: track_page
              external_urls: external_urls
        services:
          albums:
            endpoints:
              album:
                get: /albums/{id}
                params: { id: string }
                response: { entity: album }
                example: album.json
        """

    /// The real bodies `names` of `api`, or nil (with the reason printed) when the testdata is absent.
    private func bodies(_ api: String, _ names: [String]) throws -> [String: String]? {
        guard let folder = ConformanceSuites.folder("bodies/" + api) else {
            print("RealBodyExampleTests: skipped, \(ConformanceSuites.skipReason("bodies/" + api))")
            return nil
        }
        var files: [String: String] = [:]
        for name in names {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    private func lint(_ yaml: String, _ files: [String: String], unreadKeys: Bool = false) -> [String] {
        var loader = SpecLoader()
        loader.reportsUnreadExampleKeys = unreadKeys
        return TemporarySpec.messages(TemporarySpec.load(yaml, files: files, loader: loader))
    }

    @Test func mastodonBodiesAreQuietByDefaultAndListUnreadKeysWhenAsked() throws {
        guard let files = try bodies("mastodon", ["home.json", "status.json", "account.json"]) else { return }
        #expect(lint(Self.mastodonSpec, files) == [])
        let unread = lint(Self.mastodonSpec, files, unreadKeys: true)
        // Twenty per example file, then a count of the rest.
        #expect(
            !unread.isEmpty
                && unread.allSatisfy {
                    $0.contains(": warning: ")
                        && ($0.hasSuffix("by no property") || $0.hasSuffix("more mismatches in this example"))
                }, "\(unread)")
        #expect(unread.contains { $0.hasPrefix("status.json:") && $0.contains(": 'emojis' is read by no property") })
    }

    @Test func theIDOnlyBoostTrapIsAWarningAtTheRealBoost() throws {
        guard let files = try bodies("mastodon", ["home.json", "status.json", "account.json"]) else { return }
        let trap = Self.mastodonSpec.replacingOccurrences(
            of: "reblog: { type: status, nullable: true }",
            with: "reblog: { type: status, nullable: true, id_only: true }")
        let warnings = lint(trap, files)
        #expect(!warnings.isEmpty)
        #expect(
            warnings.allSatisfy {
                $0.contains(
                    "warning: the response of endpoint 'home': property 'reblog' of entity 'status' reads key 'reblog_id'"
                )
                    || $0.contains("warning: the response of endpoint 'status': property 'reblog'")
            }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("home.json:") && $0.contains("it has '[0].reblog'") })
    }

    @Test func spotifyBodiesAreQuietByDefault() throws {
        guard let files = try bodies("spotify", ["album.json"]) else { return }
        #expect(lint(Self.spotifySpec, files) == [])
        #expect(
            lint(Self.spotifySpec, files, unreadKeys: true).contains {
                $0.contains(": 'available_markets' is read by no property")
            })
    }
}
