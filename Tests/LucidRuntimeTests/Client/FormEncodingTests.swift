import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// A Stripe-like checkout: nested objects, lists of objects, a string map, an enum and an option set.
struct FormCheckout: Encodable {
    enum Mode: String, Encodable { case payment, subscription }

    struct Item: Encodable {
        var price: String
        var quantity: Int
        var note: String?
    }

    struct Address: Encodable {
        var city: String
        var line2: String?
    }

    var mode: Mode
    var items: [Item]
    var metadata: [String: String]
    var address: Address
    var methods: FormPaymentMethods
    var expand: [String]
    var livemode: Bool
    var amount: Double
}

/// An option set written as its names.
struct FormPaymentMethods: JSONOptionSet {
    let rawValue: Int
    static let card = FormPaymentMethods(rawValue: 1)
    static let sepa = FormPaymentMethods(rawValue: 2)
    static let jsonNames: [(FormPaymentMethods, String)] = [(.card, "card"), (.sepa, "sepa_debit")]
}

/// Form bodies with nested values, as exact text.
struct FormEncodingTests {
    func form(_ value: some Encodable) throws -> String {
        String(decoding: try FormURLEncoder.encode(value), as: UTF8.self)
    }

    @Test func aStripeLikeBodyNestsWithBrackets() throws {
        let checkout = FormCheckout(
            mode: .payment,
            items: [.init(price: "p_1", quantity: 2, note: nil), .init(price: "p 2", quantity: 1, note: "gift")],
            metadata: ["order": "42", "customer": "c&1"], address: .init(city: "Paris", line2: nil),
            methods: [.card, .sepa], expand: ["a", "b"], livemode: false, amount: 1e-5)
        // Fields in declaration order, a string map's keys sorted.
        let expected = [
            "mode=payment", "items%5B0%5D%5Bprice%5D=p_1", "items%5B0%5D%5Bquantity%5D=2",
            "items%5B1%5D%5Bprice%5D=p%202", "items%5B1%5D%5Bquantity%5D=1", "items%5B1%5D%5Bnote%5D=gift",
            "metadata%5Bcustomer%5D=c%261", "metadata%5Border%5D=42", "address%5Bcity%5D=Paris",
            "methods=card", "methods=sepa_debit", "expand=a", "expand=b", "livemode=false", "amount=0.00001",
        ]
        #expect(try form(checkout) == expected.joined(separator: "&"))
    }

    @Test func listsInsideObjectsAreIndexedAndTopLevelScalarListsRepeat() throws {
        struct Body: Encodable {
            var tags = ["x", "y"]
            var filter = Filter()
            var grid = [[1, 2], [3]]
            var ids: [Int?] = [1, nil, 3]
        }
        struct Filter: Encodable {
            var tags = ["a", "b"]
            var methods: FormPaymentMethods = [.sepa]
            var empty: [String] = []
        }
        #expect(
            try form(Body())
                == "tags=x&tags=y&filter%5Btags%5D%5B0%5D=a&filter%5Btags%5D%5B1%5D=b&filter%5Bmethods%5D%5B0%5D=sepa_debit"
                + "&grid%5B0%5D%5B0%5D=1&grid%5B0%5D%5B1%5D=2&grid%5B1%5D%5B0%5D=3&ids=1&ids=3")
    }

    @Test func nullsAreLeftOutAtEveryDepth() throws {
        struct Body: Encodable {
            var address = FormCheckout.Address(city: "Lyon", line2: nil)
            var note: String? = nil
            var values: [String: String?] = ["kept": "1", "gone": nil]
            var nested = ["list": ["a", nil, "b"]]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(address, forKey: "address")
                try container.encode(note, forKey: "note")
                try container.encode(values, forKey: "values")
                try container.encode(nested, forKey: "nested")
            }
        }
        #expect(
            try form(Body())
                == "address%5Bcity%5D=Lyon&values%5Bkept%5D=1&nested%5Blist%5D%5B0%5D=a&nested%5Blist%5D%5B2%5D=b")
    }

    @Test func scalarsHaveOneTextOnEveryPlatform() throws {
        struct Body: Encodable {
            var double = 0.1 + 0.2
            var whole = 3.0
            var float = Float(0.1)
            var decimal = Decimal(string: "12345678901234567890.123456789", locale: Locale(identifier: "en_US_POSIX"))!
            var big = UInt64.max
            var small = Int8.min
            var date = Date(timeIntervalSince1970: 1_700_000_000)
            var url = URL(string: "https://example.com/a?b=c")!
            var data = Data([0xFF, 0x00])
            var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            var yes = true
        }
        let expected = [
            "double=0.30000000000000004", "whole=3", "float=0.1", "decimal=12345678901234567890.123456789",
            "big=18446744073709551615", "small=-128", "date=2023-11-14T22%3A13%3A20Z",
            "url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc", "data=%2FwA%3D", "id=e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
            "yes=true",
        ]
        #expect(try form(Body()) == expected.joined(separator: "&"))
    }

    @Test func aFileCannotBeFormEncodedAndTheErrorNamesIt() throws {
        struct Body: Encodable {
            var items = [["photo": FileUpload(data: Data([1]), fileName: "a.png", contentType: "image/png")]]
        }
        let error = try #require(throws: FormURLEncoder.EncodingFailure.self) { try form(Body()) }
        #expect(error.description.contains("'items[0][photo]'"))
    }

    @Test func aFailureOfTheValueItselfComesThrough() throws {
        struct Refusing: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no"))
            }
        }
        struct Body: Encodable { var inner = ["a": Refusing()] }
        let error = try #require(throws: EncodingError.self) { try form(Body()) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["inner", "a"])
    }
}
