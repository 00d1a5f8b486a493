import Foundation
import Testing

@testable import LucidSpec

/// Decoding of `one_of` unions into the model: tagged and untagged subtypes, the list and mapping forms of their
/// cases, and unions written inline as a property's type.
@Suite struct UnionModelTests {
    private func load(_ yaml: String) throws -> Spec {
        let result = TemporarySpec.load(yaml)
        #expect(TemporarySpec.messages(result) == [])
        return try #require(result.spec)
    }

    private func union(_ name: String, in spec: Spec) throws -> Union {
        try #require(spec.subtype(named: name)?.union, "'\(name)' is not a union")
    }

    static let spec =
        TemporarySpec.header + """

            subtypes:
              labeled_event: { properties: { label: string } }
              cross_reference: { properties: { source: string } }
              timeline_event:
                description: One item of an issue's timeline.
                discriminator: event
                one_of:
                  labeled: labeled_event
                  commented: { type: comment, description: A comment. }
                  cross_referenced: { type: cross_reference, value: cross-referenced }
                unknown: true
              source:
                discriminator: object
                one_of: [labeled_event, cross_reference]
              amount:
                one_of: { number: double, text: string, parts: "[int]" }
            entities:
              comment: { identifier: int, properties: { body: string } }
              customer: { identifier: string, properties: { email: string } }
              charge:
                identifier: string
                properties:
                  customer: { type: { one_of: [string, customer] }, nullable: true }
                  total: amount
            """

    @Test func taggedUnion() throws {
        let spec = try load(Self.spec)
        let event = try #require(spec.subtype(named: "timeline_event"))
        #expect(event.description == "One item of an issue's timeline." && event.inlineOwner == nil)
        let union = try union("timeline_event", in: spec)
        #expect(union.discriminator == "event" && union.isTagged && union.unknownFallback)
        #expect(union.cases.map(\.name) == ["labeled", "commented", "cross_referenced"])
        #expect(union.cases.map(\.value) == ["labeled", "commented", "cross-referenced"])
        #expect(
            union.cases.map(\.type) == [.subtype("labeled_event"), .entity("comment"), .subtype("cross_reference")])
        #expect(union.cases.map(\.description) == [nil, "A comment.", nil])
        // Each case is located at its name.
        #expect(union.cases.map { "\($0.location.line):\($0.location.column)" } == ["12:7", "13:7", "14:7"])
    }

    @Test func listFormNamesCasesAfterTheirTypes() throws {
        let union = try union("source", in: try load(Self.spec))
        #expect(union.discriminator == "object" && !union.unknownFallback)
        #expect(union.cases.map(\.name) == ["labeled_event", "cross_reference"])
        #expect(union.cases.map(\.value) == ["labeled_event", "cross_reference"])
    }

    @Test func untaggedUnion() throws {
        let union = try union("amount", in: try load(Self.spec))
        #expect(union.discriminator == nil && !union.isTagged && !union.unknownFallback)
        #expect(union.cases.map(\.name) == ["number", "text", "parts"])
        #expect(union.cases.map(\.value) == [nil, nil, nil])
        #expect(union.cases.map(\.type) == [.scalar(.double), .scalar(.string), .array(.scalar(.int))])
    }

    @Test func inlineUnionBecomesASubtypeOfItsOwn() throws {
        let spec = try load(Self.spec)
        let customer = try #require(spec.entity(named: "charge")?.property(named: "customer"))
        #expect(customer.type == .subtype("charge_customer") && customer.nullable)
        let subtype = try #require(spec.subtype(named: "charge_customer"))
        #expect(subtype.inlineOwner == "property 'customer' of entity 'charge'")
        #expect(subtype.description == nil && subtype.deprecated == nil)
        // Located at the type mapping, where the property writes it.
        #expect("\(subtype.location.line):\(subtype.location.column)" == "27:25")
        let union = try #require(subtype.union)
        #expect(union.cases.map(\.name) == ["string", "customer"])
        #expect(union.cases.map(\.type) == [.scalar(.string), .entity("customer")])
        // After the file's own subtypes, in the order the properties are read.
        #expect(spec.subtypes.map(\.name).last == "charge_customer")
        #expect(spec.entity(named: "charge")?.property(named: "total")?.type == .subtype("amount"))
    }

    @Test func inlineUnionsInStructsAndMetadataAndTagged() throws {
        let spec = try load(
            TemporarySpec.header + """

                subtypes:
                  card: { properties: { last4: string } }
                  bank: { properties: { name: string } }
                  refund:
                    properties:
                      source: { type: { one_of: [card, bank], discriminator: object, unknown: true } }
                entities:
                  charge:
                    properties: {}
                    metadata:
                      rank: { type: { one_of: { position: int, label: string } } }
                """)
        let source = try union("refund_source", in: spec)
        #expect(source.discriminator == "object" && source.unknownFallback)
        #expect(spec.subtype(named: "refund_source")?.inlineOwner == "property 'source' of subtype 'refund'")
        let rank = try union("charge_rank", in: spec)
        #expect(rank.cases.map(\.name) == ["position", "label"] && !rank.isTagged)
        #expect(spec.subtype(named: "charge_rank")?.inlineOwner == "metadata 'rank' of entity 'charge'")
    }

    @Test func dumpShowsTheUnion() throws {
        let spec = try load(Self.spec)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let subtypes = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(spec.subtypes)) as? [[String: Any]])
        let event = try #require(subtypes.first { $0["name"] as? String == "timeline_event" })
        let kind = try #require(event["kind"] as? [String: Any])
        #expect(kind["kind"] as? String == "one_of" && kind["discriminator"] as? String == "event")
        #expect(kind["unknown_fallback"] as? Bool == true)
        let cases = try #require(kind["cases"] as? [[String: Any]])
        #expect(cases.map { $0["value"] as? String } == ["labeled", "commented", "cross-referenced"])
        #expect(cases.map { $0["type"] as? String } == ["labeled_event", "comment", "cross_reference"])
        let amount = try #require(subtypes.first { $0["name"] as? String == "amount" }?["kind"] as? [String: Any])
        #expect(amount["discriminator"] == nil && (amount["cases"] as? [[String: Any]])?.first?["value"] == nil)
        let inline = try #require(subtypes.first { $0["name"] as? String == "charge_customer" })
        #expect(inline["inline"] as? String == "property 'customer' of entity 'charge'")
    }
}
