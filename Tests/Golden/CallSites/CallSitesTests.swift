import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenCallSites

/// Generated call sites read like hand-written ones: `controller.fetch()`, the spec's defaults left out,
/// labelled client methods.
@Suite struct CallSitesTests {
    /// A client answering every request with `body`, and the URLs it was asked for.
    static func client(answering body: String) -> (APIClient, Locked<[String]>) {
        let urls = Locked<[String]>([])
        let client = APIClient(
            environments: CallSitesServers.environments(),
            transport: .inMemory { request in
                urls.withLock { $0.append(request.method.rawValue + " " + request.url.absoluteString) }
                return HTTPResponse(status: 200, body: Data(body.utf8))
            })
        return (client, urls)
    }

    static let cities = #"[{"name": "Lisbon", "badge": "FIRST_TIMER"}, {"name": "Porto"}]"#

    @Test func theServicesParameterlessGetIsFetch() async throws {
        let (client, urls) = Self.client(answering: Self.cities)
        let controller: any CitiesBusinessControllerProtocol = CitiesBusinessController(accessible: client)
        let cities = try await controller.fetch().value
        #expect(cities == [City(name: "Lisbon", badge: .firstTimer), City(name: "Porto", badge: Badge.none)])
        #expect(urls.withLock { $0 } == ["GET https://api.example.com/cities"])
        #expect(CitiesService.fetchCitiesResource().name == "cities.cities", "the resource keeps its endpoint's name")
        #expect(try await CitiesClient.live(controller).fetch().value.count == 2)
    }

    @Test func defaultsAreLeftOutAtTheCallSite() async throws {
        let (client, urls) = Self.client(answering: "[]")
        let controller: any CitiesBusinessControllerProtocol = CitiesBusinessController(accessible: client)
        _ = try await controller.fetchSearch(name: "Lis")
        _ = try await controller.fetchSearch(name: "Lis", perPage: 5, badge: .owner)
        _ = try await controller.fetchSearch(name: "Lis", badge: nil)
        #expect(
            urls.withLock { $0 } == [
                "GET https://api.example.com/cities/search?name=Lis&page=1&per_page=30&badge=NONE",
                "GET https://api.example.com/cities/search?name=Lis&page=1&per_page=5&badge=OWNER",
                "GET https://api.example.com/cities/search?name=Lis&page=1&per_page=30",
            ])
    }

    @Test func clientsHaveLabelledCallsWithTheSameDefaults() async throws {
        var client = CitiesClient.unimplemented
        let asked = Locked<[String]>([])
        client.fetchSearch = { name, page, perPage, badge in
            asked.withLock { $0.append("\(name) \(page) \(perPage) \(badge?.rawValue ?? "nil")") }
            return CitiesSearchResponse(value: [])
        }
        client.rename = { name, body in
            asked.withLock { $0.append("rename \(name) to \(body.name)") }
            return EmptyResponse()
        }
        _ = try await client.fetchSearch(name: "Lis")
        _ = try await client.fetchSearch(name: "Lis", page: 2)
        _ = try await client.rename(name: "Lisboa", body: City(name: "Lisbon"))
        #expect(asked.withLock { $0 } == ["Lis 1 30 NONE", "Lis 2 30 NONE", "rename Lisboa to Lisbon"])
    }

    /// A parameter typed as an entity is that entity's identifier, sent as its raw value.
    @Test func entityParametersAreTheirIdentifiers() async throws {
        let (client, urls) = Self.client(answering: #"{"id": 7, "name": "Belém"}"#)
        let controller: any PlacesBusinessControllerProtocol = PlacesBusinessController(accessible: client)
        // The endpoint answers the place itself: no `.place` to reach through.
        let place = try await controller.fetchPlace(id: Place.ID(7), near: [Place.ID(8), Place.ID(9)])
        #expect(place.id == Place.ID(7) && place.name == "Belém")
        _ = try await controller.fetchPlace(id: place.id)
        #expect(
            urls.withLock { $0 } == [
                "GET https://api.example.com/places/7?near=8&near=9", "GET https://api.example.com/places/7",
            ])
    }

    @Test func screamingCaseWireValuesAreSwiftCases() throws {
        #expect(Badge.allCases == [.firstTimer, .owner, Badge.none])
        #expect(Badge.firstTimer.rawValue == "FIRST_TIMER" && Badge.none.rawValue == "NONE")
        let city = try JSONDecoder().decode(City.self, from: Data(#"{"name": "X"}"#.utf8))
        #expect(city.badge == Badge.none, "the default is the case, not nil")
    }

    /// A stand-in for `APIClient` without a transport: answers every resource with `body`, recording its name.
    struct FakeSender: ResourceSending {
        let body: String
        let names = Locked<[String]>([])

        func send<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req
        )
            async throws(APIError) -> Resp
        {
            names.withLock { $0.append(resource.name) }
            do { return try resource.decodeResponse(Data(body.utf8)) } catch {
                throw APIError(
                    .decoding(codingPath: "", message: "\(error)"), endpoint: resource.name, method: resource.method)
            }
        }
        func fetch<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
        )
            async throws(APIError) -> Resp
        { try await send(resource, with: request) }
        func prefetch<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
        )
            async throws(APIError)
        { _ = try await send(resource, with: request) }
        func enqueue<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req, on queue: APIClientQueue
        ) async throws(APIError) -> UUID { UUID() }
    }

    /// The live controller depends on `ResourceSending`, which `APIClient` conforms to: a test hands it a fake.
    @Test func theLiveControllerTakesAFakeWithoutATransport() async throws {
        let fake = FakeSender(body: Self.cities)
        let controller = CitiesBusinessController(accessible: fake)
        #expect(try await controller.fetch().value.map(\.name) == ["Lisbon", "Porto"])
        _ = try await controller.fetchSearch(name: "Lis")
        #expect(fake.names.withLock { $0 } == ["cities.cities", "cities.search"])
    }
}
