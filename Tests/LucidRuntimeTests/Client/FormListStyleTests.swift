import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// A Mastodon-like status: a top-level list, a list inside a struct, a list of structs (an item without its
/// optional field, an item holding a list) and an empty list.
struct FormListsStatus: Encodable {
    struct Poll: Encodable {
        var options: [String]
        var expiresIn: Int

        enum CodingKeys: String, CodingKey {
            case options
            case expiresIn = "expires_in"
        }
    }

    struct Item: Encodable {
        var name: String
        var qty: Int?
        var tags: [String] = []
    }

    var status = "Hi"
    var mediaIDs = ["1", "2"]
    var poll = Poll(options: ["tea", "milk"], expiresIn: 300)
    var items: [Item]? = [Item(name: "x", qty: 1, tags: ["a", "b"]), Item(name: "y", qty: nil, tags: ["c"])]
    var none: [String] = []

    enum CodingKeys: String, CodingKey {
        case status
        case mediaIDs = "media_ids"
        case poll, items, none
    }

    /// The same status without its list of structs, which `repeated` and `comma` cannot send.
    static let flat = FormListsStatus(items: nil)
}

/// Each `FormListStyle`, for form and multipart bodies alike, as exact text: top-level lists, lists inside a
/// struct, lists of structs and empty lists.
struct FormListStyleTests {
    /// The form body, with its (percent-encoded) brackets shown as brackets so that the names read as servers
    /// see them; `bracketsArePercentEncoded` checks the raw bytes.
    func form(_ value: some Encodable, _ lists: FormListStyle) throws -> String {
        String(decoding: try FormURLEncoder.encode(value, lists: lists), as: UTF8.self)
            .replacingOccurrences(of: "%5B", with: "[").replacingOccurrences(of: "%5D", with: "]")
    }

    /// The multipart body's parts as `name=value`, joined by `&` like a form's fields, after checking each part's
    /// exact framing.
    func parts(_ value: some Encodable, _ lists: FormListStyle) throws -> String {
        let body = String(decoding: try MultipartFormEncoder.encode(value, boundary: "B", lists: lists), as: UTF8.self)
        #expect(body.hasSuffix("--B--\r\n"))
        let parts = body.dropLast("--B--\r\n".count).components(separatedBy: "--B\r\n").dropFirst()
        return try parts.map { part in
            let prefix = "Content-Disposition: form-data; name=\""
            #expect(part.hasPrefix(prefix) && part.hasSuffix("\r\n"))
            let rest = part.dropFirst(prefix.count).dropLast("\r\n".count)  // one `Character`
            let separator = try #require(rest.range(of: "\"\r\n\r\n"))
            return rest[..<separator.lowerBound] + "=" + rest[separator.upperBound...]
        }.joined(separator: "&")
    }

    @Test func mixedIsTheDefaultAndTheEncodingBeforeConventions() throws {
        let expected =
            "status=Hi&media_ids=1&media_ids=2&poll[options][0]=tea&poll[options][1]=milk&poll[expires_in]=300"
            + "&items[0][name]=x&items[0][qty]=1&items[0][tags][0]=a&items[0][tags][1]=b"
            + "&items[1][name]=y&items[1][tags][0]=c"
        #expect(try form(FormListsStatus(), .mixed) == expected)
        #expect(try FormURLEncoder.encode(FormListsStatus()) == FormURLEncoder.encode(FormListsStatus(), lists: .mixed))
        #expect(try parts(FormListsStatus(), .mixed) == expected)
    }

    @Test func bracketsAsRailsReadsThem() throws {
        let expected =
            "status=Hi&media_ids[]=1&media_ids[]=2&poll[options][]=tea&poll[options][]=milk&poll[expires_in]=300"
            + "&items[][name]=x&items[][qty]=1&items[][tags][]=a&items[][tags][]=b"
            + "&items[][name]=y&items[][tags][]=c"
        #expect(try form(FormListsStatus(), .brackets) == expected)
        #expect(try parts(FormListsStatus(), .brackets) == expected)
    }

    @Test func indexedEverywhere() throws {
        let expected =
            "status=Hi&media_ids[0]=1&media_ids[1]=2&poll[options][0]=tea&poll[options][1]=milk&poll[expires_in]=300"
            + "&items[0][name]=x&items[0][qty]=1&items[0][tags][0]=a&items[0][tags][1]=b"
            + "&items[1][name]=y&items[1][tags][0]=c"
        #expect(try form(FormListsStatus(), .indexed) == expected)
        #expect(try parts(FormListsStatus(), .indexed) == expected)
    }

    @Test func repeatedNamesAtEveryDepth() throws {
        let expected =
            "status=Hi&media_ids=1&media_ids=2&poll[options]=tea&poll[options]=milk&poll[expires_in]=300"
        #expect(try form(FormListsStatus.flat, .repeated) == expected)
        #expect(try parts(FormListsStatus.flat, .repeated) == expected)
    }

    @Test func commaJoinedKeepsItsSeparatorsAndEncodesCommasInValues() throws {
        #expect(
            try form(FormListsStatus.flat, .comma)
                == "status=Hi&media_ids=1,2&poll[options]=tea,milk&poll[expires_in]=300")
        #expect(
            try parts(FormListsStatus.flat, .comma)
                == "status=Hi&media_ids=1,2&poll[options]=tea,milk&poll[expires_in]=300")
        struct Body: Encodable { var tags = ["x,y", "z w"] }
        #expect(try form(Body(), .comma) == "tags=x%2Cy,z%20w")
        #expect(try parts(Body(), .comma) == "tags=x,y,z w")
    }

    @Test func bracketsArePercentEncodedInAFormAndNotInAPartName() throws {
        struct Body: Encodable { var ids = [1] }
        #expect(String(decoding: try FormURLEncoder.encode(Body(), lists: .brackets), as: UTF8.self) == "ids%5B%5D=1")
        let body = String(
            decoding: try MultipartFormEncoder.encode(Body(), boundary: "B", lists: .brackets), as: UTF8.self)
        #expect(body == "--B\r\nContent-Disposition: form-data; name=\"ids[]\"\r\n\r\n1\r\n--B--\r\n")
    }

    @Test func anEmptyListSendsNothingInEveryConvention() throws {
        struct Body: Encodable {
            var tags: [String] = []
            var inner = ["tags": [String]()]
            var kept = 1
        }
        for lists in FormListStyle.allCases {
            #expect(try form(Body(), lists) == "kept=1", "\(lists)")
            #expect(try parts(Body(), lists) == "kept=1", "\(lists)")
        }
    }

    @Test func nullElementsAreLeftOutAndOnlyIndexedKeepsThePositions() throws {
        struct Body: Encodable { var ids: [Int?] = [1, nil, 3] }
        #expect(try form(Body(), .indexed) == "ids[0]=1&ids[2]=3")
        #expect(try form(Body(), .brackets) == "ids[]=1&ids[]=3")
        #expect(try form(Body(), .repeated) == "ids=1&ids=3")
        #expect(try form(Body(), .comma) == "ids=1,3")
    }

    @Test func aBracketsItemLeadsWithAFieldTheItemBeforeItHas() throws {
        // Rack starts a new item when a field repeats: `qty` first in the second item would join the first.
        struct Item: Encodable {
            var qty: Int?
            var name: String
        }
        struct Body: Encodable { var items = [Item(qty: nil, name: "x"), Item(qty: 2, name: "y")] }
        #expect(try form(Body(), .brackets) == "items[][name]=x&items[][name]=y&items[][qty]=2")
    }

    @Test func bracketsRefusesItemsThatShareNoField() throws {
        struct Item: Encodable {
            var name: String?
            var qty: Int?
        }
        struct Body: Encodable { var items = [Item(name: "x", qty: nil), Item(name: nil, qty: 2)] }
        let error = try #require(throws: FormURLEncoder.EncodingFailure.self) { try form(Body(), .brackets) }
        #expect(error.description.contains("'items'"))
    }

    @Test func listsAConventionCannotSendAreRefusedNamingTheField() throws {
        struct Grid: Encodable { var grid = [[1, 2], [3]] }
        struct Files: Encodable {
            var photos = [FileUpload(data: Data([1]), fileName: "a.png", contentType: "image/png")]
        }
        let cases: [(FormListStyle, any Encodable, String)] = [
            (.repeated, FormListsStatus(), "field 'items' is a list of objects or lists, which 'repeat' cannot send"),
            (.comma, FormListsStatus(), "field 'items' is a list of objects or lists, which 'comma' cannot send"),
            (.brackets, Grid(), "field 'grid' is a list of lists, which 'brackets' cannot send"),
            (.repeated, Grid(), "field 'grid' is a list of objects or lists, which 'repeat' cannot send"),
        ]
        for (lists, value, message) in cases {
            let error = try #require(throws: FormURLEncoder.EncodingFailure.self) {
                try FormURLEncoder.encode(value, lists: lists)
            }
            #expect(error.description == message)
        }
        #expect(try form(Grid(), .indexed) == "grid[0][0]=1&grid[0][1]=2&grid[1][0]=3")
        let error = try #require(throws: FormURLEncoder.EncodingFailure.self) {
            try MultipartFormEncoder.encode(Files(), boundary: "B", lists: .comma)
        }
        #expect(error.description == "field 'photos' is a list of files, which 'comma' cannot send")
        let files = try MultipartFormEncoder.encode(Files(), boundary: "B", lists: .brackets)
        #expect(
            String(decoding: files, as: UTF8.self)
                == "--B\r\nContent-Disposition: form-data; name=\"photos[]\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n\u{1}\r\n--B--\r\n")
    }

    @Test func fieldsFollowDeclarationOrderAndMapsAreSorted() throws {
        struct Inner: Encodable {
            var zeta = 1
            var alpha = 2
        }
        struct Body: Encodable {
            var zeta = "z"
            var map = ["b": "2", "a": "1", "c": "3"]
            var inner = Inner()
            var alpha = "a"
        }
        #expect(try form(Body(), .mixed) == "zeta=z&map[a]=1&map[b]=2&map[c]=3&inner[zeta]=1&inner[alpha]=2&alpha=a")
    }
}
