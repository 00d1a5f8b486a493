import Foundation
import LucidSpec
import Testing

@testable import LucidImport

/// A GET endpoint's method is `fetch<Endpoint>`: an `operationId` that starts with the word `get` (or `fetch`) is
/// named without it (`getPetById` → `petById`, `fetchPetById`), unless the rest is no name or is taken.
struct OpenAPIEndpointNameTests {
    @Test func theLeadingVerbIsDroppedOnlyWhenItIsAWordOfAGet() {
        let cases: [(String, String, String?)] = [
            ("getPetById", "get", "petById"), ("get_pet", "get", "pet"), ("get-an-album", "get", "an-album"),
            ("GetPets", "get", "pets"), ("getURLs", "get", "URLs"), ("fetchPet", "get", "pet"),
            ("GET_PETS", "get", "PETS"), ("getaway", "get", nil), ("get", "get", nil), ("get_2fa", "get", nil),
            ("get_", "get", nil), ("getPet", "post", nil), ("getP", "get", "p"), ("retrieveLetter", "get", "letter"),
            ("findPetsByStatus", "get", "petsByStatus"), ("listItems", "get", "items"),
            ("list-data-sets", "get", "data-sets"), ("showUser", "get", "user"), ("readMe", "get", "me"),
            ("listing", "get", nil), ("listItems", "post", nil), ("searchTracks", "get", nil),
            ("findById", "get", "byId"),
        ]
        for (operationId, method, expected) in cases {
            #expect(
                OperationTranslator.withoutFetchVerb(operationId, method: method) == expected,
                "\(operationId) (\(method))")
        }
    }

    @Test func anArticleAfterTheVerbIsDroppedOnlyWhenItIsAWord() {
        let cases: [(String, String?)] = [
            ("an-album", "album"), ("anAlbum", "album"), ("the_users_profile", "users_profile"),
            ("theUsersProfile", "usersProfile"), ("aListOfPlaylists", "listOfPlaylists"), ("a list", "list"),
            ("APIKeys", nil), ("aPI", nil), ("another", nil), ("theme", nil), ("an", nil), ("a-", nil),
            ("a_2fa", nil), ("theURL", nil), ("album", nil),
        ]
        for (rest, expected) in cases {
            #expect(OperationTranslator.withoutArticle(rest) == expected, "\(rest)")
        }
    }

    @Test func theWholeNameIsKeptWhenTheShorterOneIsTaken() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  tags: [pets]
                  operationId: getPets
                  responses: { "204": { description: ok } }
              /b:
                post:
                  tags: [other]
                  operationId: pets
                  responses: { "204": { description: ok } }
              /c:
                get:
                  tags: [pets]
                  operationId: get-an-album
                  responses: { "204": { description: ok } }
              /d:
                get:
                  tags: [pets]
                  operationId: anAlbum
                  responses: { "204": { description: ok } }
              /e:
                get:
                  tags: [pets]
                  operationId: getPetById
                  responses: { "204": { description: ok } }
              /f:
                post:
                  tags: [pets]
                  operationId: getReport
                  responses: { "204": { description: ok } }
              /h:
                post:
                  tags: [pets]
                  operationId: album
                  responses: { "204": { description: ok } }
              /i:
                get:
                  tags: [pets]
                  operationId: get-the-track
                  responses: { "204": { description: ok } }
              /j:
                get:
                  tags: [pets]
                  operationId: get-an-artist
                  responses: { "204": { description: ok } }
              /k:
                post:
                  tags: [other]
                  operationId: artist
                  responses: { "204": { description: ok } }
              /g/{g-id}:
                get:
                  tags: [pets]
                  parameters: [{ name: g-id, in: path, required: true, schema: { type: string } }]
                  responses: { "204": { description: ok } }
                post:
                  tags: [pets]
                  parameters: [{ name: g-id, in: path, required: true, schema: { type: string } }]
                  responses: { "204": { description: ok } }
            """
        let result = try OpenAPITestDocuments.with(text) { OpenAPIImporter.importDocument($0) }
        let spec = try #require(result.spec, "\(result.diagnostics)")
        let model = try #require(SpecLoader().load(yaml: spec, file: "doc.lucid.yaml").spec)
        let names = model.services.flatMap { $0.endpoints.map(\.name) }
        // `pets` is another operation's name (in another service even), and both `album` and `anAlbum` are
        // (`anAlbum` comes later in the document): both keep their whole names; `artist` is taken, `an_artist` is
        // not; `getPetById` loses its `get`, `get-the-track` its article too; a POST keeps its verb. Without an
        // `operationId`, a GET is named by its path alone (`fetchGGId`), another method by both.
        #expect(
            names.sorted()
                == [
                    "anAlbum", "getPets", "get_an_album", "getReport", "pets", "petById", "g_g_id", "post_g_g_id",
                    "album", "track", "an_artist", "artist",
                ]
                .sorted())
    }

    @Test func aNameSplitsIntoWords() {
        let cases: [(String, [String])] = [
            ("postOrchestrationIntegration", ["post", "Orchestration", "Integration"]),
            ("getURLsFor_project", ["get", "URLs", "For", "project"]),
            ("Event Orchestrations", ["Event", "Orchestrations"]), ("informed-delivery", ["informed", "delivery"]),
            ("HTTPServer", ["HTTP", "Server"]), ("a", ["a"]), ("", []),
        ]
        for (text, expected) in cases { #expect(OperationTranslator.words(text) == expected, "\(text)") }
        let joined: [([String], String)] = [
            (["post", "Integration"], "postIntegration"), (["URLs", "For"], "URLsFor"),
            (["Field", "Settings"], "fieldSettings"), (["ID"], "ID"), (["a"], "a"), ([], ""),
        ]
        for (words, expected) in joined { #expect(OperationTranslator.joined(words) == expected, "\(words)") }
    }

    /// A name too long for its service (`<Service><Endpoint>ResponseMetadata` must fit in 64) drops the words it
    /// repeats of the service's name before `OpenAPINames` cuts its last words, which would make PagerDuty's
    /// `postOrchestrationIntegration` the `postOrchestration` its sibling has already (`postOrchestration_2`), and
    /// Asana's `getCustomFieldSettingsForProject` and `…ForPortfolio` one `customFieldSettingsFor` and a `_2`.
    @Test func aLongNameDropsTheWordsItRepeatsOfItsServicesName() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                post:
                  tags: [Event Orchestrations Catalogue]
                  operationId: postOrchestration
                  responses: { "204": { description: ok } }
              /b:
                post:
                  tags: [Event Orchestrations Catalogue]
                  operationId: postOrchestrationIntegration
                  responses: { "204": { description: ok } }
              /c:
                get:
                  tags: [Custom Field Settings]
                  operationId: getCustomFieldSettingsForProject
                  responses: { "204": { description: ok } }
              /d:
                get:
                  tags: [Custom Field Settings]
                  operationId: getCustomFieldSettingsForPortfolio
                  responses: { "204": { description: ok } }
              /e:
                get:
                  tags: [Custom Field Settings]
                  operationId: getTheWholeHistoryOfEveryChangeEverMade
                  responses: { "204": { description: ok } }
            """
        let result = try OpenAPITestDocuments.with(text) { OpenAPIImporter.importDocument($0) }
        let spec = try #require(result.spec, "\(result.diagnostics)")
        let model = try #require(SpecLoader().load(yaml: spec, file: "doc.lucid.yaml").spec)
        let names = model.services.flatMap { $0.endpoints.map(\.name) }
        // A name that repeats no word of the service is cut at its last words, as before (its verb and article
        // gone first: a GET's method says `fetch`).
        #expect(
            names == [
                "postOrchestration", "postIntegration", "fieldSettingsForProject", "fieldSettingsForPortfolio",
                "wholeHistoryOfEveryChange",
            ],
            "\(names)")
    }
}
