import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Lists in a query, in each style, as exact query text.
struct QueryListStyleTests {
    func query(_ build: (inout ParameterList) -> Void) -> String {
        var list = ParameterList()
        build(&list)
        return URLEncoding.encode(list.items)
    }

    @Test func repeatedIsTheDefault() {
        #expect(query { $0.add("a", [1, 2]) } == "a=1&a=2")
        #expect(query { $0.add("a", [1, 2], style: .repeated) } == "a=1&a=2")
    }

    @Test func commaSendsOneItemWithLiteralSeparators() {
        let mixed = query { list in
            list.add("a", [1, 2])
            list.add("b", ["x"], style: .comma)
        }
        #expect(mixed == "a=1&a=2&b=x")
        #expect(query { $0.add("ids", [1, 2, 3], style: .comma) } == "ids=1,2,3")
        #expect(query { $0.add("labels", ["x,y", "a b", "é"], style: .comma) } == "labels=x%2Cy,a%20b,%C3%A9")
    }

    @Test func bracketsRepeatTheNameWithEncodedBrackets() {
        #expect(query { $0.add("a", [1, 2], style: .brackets) } == "a%5B%5D=1&a%5B%5D=2")
        #expect(query { $0.add("a", ["x,y"], style: .brackets) } == "a%5B%5D=x%2Cy")
    }

    @Test(arguments: [QueryListStyle.repeated, .comma, .brackets])
    func anEmptyOrMissingListSendsNothing(style: QueryListStyle) {
        #expect(query { $0.add("a", [Int](), style: style) }.isEmpty)
        #expect(query { $0.add("a", nil as [Int]?, style: style) }.isEmpty)
        #expect(query { $0.add("d", [Date](), format: .iso8601, style: style) }.isEmpty)
        #expect(query { $0.add("t", [Duration](), unit: .seconds, style: style) }.isEmpty)
    }

    @Test func datesAndDurationsTakeAStyleToo() {
        let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 86_400)]
        #expect(
            query { $0.add("on", dates, format: .pattern("yyyy-MM-dd"), style: .comma) } == "on=1970-01-01,1970-01-02")
        #expect(query { $0.add("at", dates, format: .epochSeconds) } == "at=0&at=86400")
        #expect(
            query { $0.add("wait", [.seconds(1), .milliseconds(1500)], unit: .seconds, style: .brackets) }
                == "wait%5B%5D=1&wait%5B%5D=1.5")
        #expect(query { $0.add("wait", [.seconds(2)], unit: .milliseconds) } == "wait=2000")
    }

    @Test func aCommaItemKeepsItsListAsTextAndBecomesPlainWhenSet() {
        var item = QueryItem("ids", commaSeparated: ["1", "x,y"])
        #expect(item.value == "1,x,y")
        #expect(item.encodedValue == "1,x%2Cy")
        #expect(item != QueryItem("ids", "1,x,y"))
        item.value = "a,b"
        #expect(item.encodedValue == "a%2Cb")
        #expect(item == QueryItem("ids", "a,b"))
    }

    @Test func aCommaListIsOneHeaderValue() {
        var list = ParameterList()
        list.add("X-Fields", ["id", "title"], style: .comma)
        #expect(list.headers == ["X-Fields": "id,title"])
    }

    @Test func theClientSendsTheSeparatorsAsTheyAre() async throws {
        var list = ParameterList()
        list.add("ids", ["1", "x,y"], style: .comma)
        list.add("tag", ["a"], style: .brackets)
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "movies.list", server: "api", method: .get, path: ResourcePath("/movies"), query: list.items,
            decodeResponse: { $0 })
        let request = try await makeClient { _ in clientOK("{}") }.request(for: resource, with: ())
        #expect(request.url.absoluteString == "https://api.example.com/3/movies?ids=1,x%2Cy&tag%5B%5D=a")
    }
}
