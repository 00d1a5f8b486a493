import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen

/// Snippet tests of the declared types: a few lines of YAML, the exact Swift of each kind of type (entity, struct,
/// enum, option set, tagged and untagged union). The golden cases show whole modules; these one construct each.
@Suite struct TypeSnippetTests {
    static let types = """
        lucid: 1
        module: Shop
        subtypes:
          size:
            cases: [small, large]
          toppings:
            options: [cheese, olives]
          price:
            description: An amount in a currency.
            properties:
              amount: int
              currency: { type: string, default: EUR }
          card: { properties: { last4: string } }
          bank: { properties: { iban: string } }
          payment_method:
            discriminator: kind
            one_of: { card: card, bank: bank }
          product_ref:
            one_of: [string, product_summary]
          product_summary: { properties: { name: string } }
        entities:
          product:
            identifier: string
            description: Something the shop sells.
            properties:
              name: string
              price: price
              size: { type: size, nullable: true }
        """

    /// An entity: a struct with a memberwise init (a nullable property defaults to nil) and its coding.
    @Test func anEntity() throws {
        #expect(
            try SnippetTests.swift(Self.types, file: "Entities/Product.swift", from: "/// Something the shop sells.")
                == #"""
                /// Something the shop sells.
                struct Product: Sendable, Hashable, Identifiable {
                    typealias ID = Identifier<Product, String>

                    let id: ID
                    let name: String
                    let price: Price
                    let size: Size?

                    init(
                        id: ID,
                        name: String,
                        price: Price,
                        size: Size? = nil
                    ) {
                        self.id = id
                        self.name = name
                        self.price = price
                        self.size = size
                    }
                }

                extension Product: Codable {
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        id = try container.decode(ID.self, at: "id")
                        name = try container.decode(String.self, at: "name")
                        price = try container.decode(Price.self, at: "price")
                        size = try container.decodeIfPresent(Size.self, at: "size")
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: AnyCodingKey.self)
                        try container.encode(id, at: "id")
                        try container.encode(name, at: "name")
                        try container.encode(price, at: "price")
                        try container.encodeIfPresent(size, at: "size")
                    }
                }
                """# + "\n")
    }

    /// A struct subtype: a default fills the init and a missing key when decoding.
    @Test func aStructSubtypeWithADefault() throws {
        #expect(
            try SnippetTests.swift(Self.types, file: "Subtypes/Price.swift", from: "/// An amount in a currency.")
                == #"""
                /// An amount in a currency.
                struct Price: Sendable, Hashable {
                    let amount: Int
                    let currency: String

                    init(
                        amount: Int,
                        currency: String = "EUR"
                    ) {
                        self.amount = amount
                        self.currency = currency
                    }
                }

                extension Price: Codable {
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        amount = try container.decode(Int.self, at: "amount")
                        currency = try container.decodeIfPresent(String.self, at: "currency") ?? "EUR"
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: AnyCodingKey.self)
                        try container.encode(amount, at: "amount")
                        try container.encode(currency, at: "currency")
                    }
                }
                """# + "\n")
    }

    /// An enum subtype: a string enum usable as a parameter.
    @Test func anEnum() throws {
        #expect(
            try SnippetTests.swift(Self.types, file: "Subtypes/Size.swift", from: "enum Size") == #"""
                enum Size: String, Sendable, Hashable, Codable, CaseIterable, ParameterValue {
                    case small
                    case large
                }
                """# + "\n")
    }

    /// An option set: bits in declaration order, with the JSON names.
    @Test func anOptionSet() throws {
        #expect(
            try SnippetTests.swift(Self.types, file: "Subtypes/Toppings.swift", from: "struct Toppings") == #"""
                struct Toppings: JSONOptionSet, Hashable {
                    let rawValue: Int

                    init(rawValue: Int) {
                        self.rawValue = rawValue
                    }

                    static let cheese = Toppings(rawValue: 1 << 0)
                    static let olives = Toppings(rawValue: 1 << 1)

                    static let jsonNames: [(Toppings, String)] = [
                        (.cheese, "cheese"),
                        (.olives, "olives"),
                    ]
                }
                """# + "\n")
    }

    /// A tagged union: the discriminator picks the case; its key is written beside the case's own.
    @Test func aTaggedUnion() throws {
        #expect(
            try SnippetTests.swift(Self.types, file: "Subtypes/PaymentMethod.swift", from: "enum PaymentMethod") == #"""
                enum PaymentMethod: Sendable, Hashable {
                    case card(Card)
                    case bank(Bank)
                }

                extension PaymentMethod: Codable {
                    private enum CodingKeys: String, CodingKey {
                        case kind
                    }

                    /// Reads `kind`, then the case it names from the same object.
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let kind = try container.decode(String.self, forKey: .kind)
                        switch kind {
                        case "card": self = .card(try Card(from: decoder))
                        case "bank": self = .bank(try Bank(from: decoder))
                        default:
                            throw DecodingError.dataCorruptedError(
                                forKey: .kind, in: container,
                                debugDescription: "Unknown 'kind' value '\(kind)'; expected 'card' or 'bank'.")
                        }
                    }

                    /// Writes the case's object, with `kind` naming the case.
                    func encode(to encoder: any Encoder) throws {
                        switch self {
                        case .card(let value): try Self.encode(value, as: "card", to: encoder)
                        case .bank(let value): try Self.encode(value, as: "bank", to: encoder)
                        }
                    }

                    /// The case's own keys, then `kind` beside them in the same object.
                    private static func encode(_ value: some Encodable, as kind: String, to encoder: any Encoder) throws {
                        try value.encode(to: encoder)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(kind, forKey: .kind)
                    }
                }
                """# + "\n")
    }

    /// An untagged union: the first case that decodes, in declaration order.
    @Test func anUntaggedUnion() throws {
        #expect(
            try SnippetTests.swift(Self.types, file: "Subtypes/ProductRef.swift", from: "enum ProductRef") == #"""
                enum ProductRef: Sendable, Hashable {
                    case string(String)
                    case productSummary(ProductSummary)
                }

                extension ProductRef: Codable {
                    /// Takes the first case whose type decodes, in the order the cases are declared; when none does, the error
                    /// gives each case's reason.
                    init(from decoder: any Decoder) throws {
                        var attempts = try UnionCaseAttempts(decoder)
                        if let value = attempts.decode(String.self) {
                            self = .string(value)
                        } else if let value = attempts.decode(ProductSummary.self) {
                            self = .productSummary(value)
                        } else {
                            throw attempts.failure(ProductRef.self, expected: "Expected String or ProductSummary.")
                        }
                    }

                    /// Writes the value the case holds.
                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.singleValueContainer()
                        switch self {
                        case .string(let value): try container.encode(value)
                        case .productSummary(let value): try container.encode(value)
                        }
                    }
                }
                """# + "\n")
    }
}
