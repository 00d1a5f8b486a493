import Foundation
import LucidRuntime
import Testing

@testable import GoldenUnions

/// The spec's entities, not Swift Testing's `Comment` and `Issue` (whose `record` is spelled `Testing.Issue.record`).
private typealias Comment = GoldenUnions.Comment
private typealias Issue = GoldenUnions.Issue

/// The Unions case's generated code, fed JSON shaped like GitHub's issue timeline and Stripe's charges: tagged
/// unions with and without the unknown fallback, untagged ones (expandable fields), and their encoding back.
@Suite struct UnionsDecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// The JSON `value` encodes to, read back as a `JSONValue` so that key order does not matter.
    private func json(of value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// The error decoding `text` as `type` throws, or nil when it decodes.
    private func decodingError<T: Decodable>(_ type: T.Type, _ text: String) -> DecodingError? {
        do {
            _ = try decode(type, text)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    static let timeline = """
        [
          {"id": 6430295168, "event": "labeled", "actor": {"login": "octocat"},
           "created_at": "2022-03-04T12:00:00Z", "label": {"name": "bug", "color": "d73a4a"}},
          {"id": 1087, "event": "commented", "body": "Looks good to me.", "user": {"login": "hubot"},
           "created_at": "2022-03-04T13:30:00Z", "author_association": "MEMBER"},
          {"event": "cross-referenced", "actor": {"login": "monalisa"}, "created_at": "2022-03-05T09:00:00Z",
           "source": {"type": "issue", "issue": {"number": 42, "title": "Crash on launch"}}},
          {"id": 6430295170, "event": "renamed", "actor": {"login": "octocat"},
           "created_at": "2022-03-06T10:00:00Z", "rename": {"from": "Crash", "to": "Crash on launch"}}
        ]
        """

    // MARK: Tagged, with the unknown fallback

    @Test func eachKnownKindDecodesFromTheSameObject() throws {
        let events = try decode([TimelineEvent].self, Self.timeline)
        #expect(events.count == 4)
        guard case .labeled(let labeled) = events[0] else {
            Testing.Issue.record("not labeled: \(events[0])")
            return
        }
        #expect(labeled.actor.login == "octocat" && labeled.label == Label(name: "bug", color: "d73a4a"))
        #expect(labeled.createdAt == Date(timeIntervalSince1970: 1_646_395_200))
        guard case .commented(let comment) = events[1] else {
            Testing.Issue.record("not commented: \(events[1])")
            return
        }
        #expect(comment.id == 1087 && comment.body == "Looks good to me." && comment.user.login == "hubot")
        guard case .crossReferenced(let reference) = events[2] else {
            Testing.Issue.record("not cross-referenced: \(events[2])")
            return
        }
        #expect(reference.source.type == "issue" && reference.source.issue?.number == 42)
    }

    @Test func unknownKindIsKeptWhole() throws {
        let events = try decode([TimelineEvent].self, Self.timeline)
        guard case .unknown(let event, let json) = events[3] else {
            Testing.Issue.record("not kept as unknown: \(events[3])")
            return
        }
        #expect(event == "renamed")
        #expect(json["rename"]?["to"] == "Crash on launch" && json["id"] == .int(6_430_295_170))
        #expect(json["event"] == "renamed")
        // Encoded back, it is the object as read.
        let original = try decode([JSONValue].self, Self.timeline)[3]
        #expect(try self.json(of: events[3]) == original)
    }

    @Test func knownKindsEncodeWithTheirDiscriminatorValue() throws {
        let events = try decode([TimelineEvent].self, Self.timeline)
        let encoded = try json(of: events)
        #expect(encoded[0]?["event"] == "labeled" && encoded[0]?["label"]?["name"] == "bug")
        #expect(encoded[1]?["event"] == "commented" && encoded[1]?["id"] == 1087)
        #expect(encoded[2]?["event"] == "cross-referenced" && encoded[2]?["source"]?["issue"]?["number"] == 42)
        // Keys the generated types do not know (`author_association`) are not kept by known kinds.
        #expect(encoded[1]?["author_association"] == nil)
        let again = try JSONDecoder().decode([TimelineEvent].self, from: JSONEncoder().encode(events))
        #expect(again == events)
    }

    @Test func missingDiscriminatorFailsEvenWithTheFallback() throws {
        let error = decodingError(TimelineEvent.self, #"{"id": 1, "body": "no kind"}"#)
        guard case .keyNotFound(let key, _)? = error else {
            Testing.Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "event")
    }

    @Test func nonStringDiscriminatorIsATypeMismatch() throws {
        let error = decodingError(TimelineEvent.self, #"{"event": 3}"#)
        guard case .typeMismatch(let type, let context)? = error else {
            Testing.Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(type == String.self && context.codingPath.map(\.stringValue) == ["event"])
        #expect(decodingError(TimelineEvent.self, #"{"event": null}"#) != nil)
    }

    @Test func knownKindWithBrokenContentFails() throws {
        // A labeled event without its label is an error, not an unknown kind.
        let labeled = #"{"event": "labeled", "actor": {"login": "o"}, "created_at": "2022-03-04T12:00:00Z"}"#
        let error = decodingError(TimelineEvent.self, labeled)
        guard case .keyNotFound(let key, _)? = error else {
            Testing.Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "label")
    }

    @Test func failableListDropsOnlyTheBrokenItem() throws {
        let issue = try decode(
            Issue.self,
            """
            {"id": 42, "title": "Crash on launch", "timeline": [
              {"event": "labeled", "created_at": "2022-03-04T12:00:00Z"},
              {"event": "locked", "lock_reason": "resolved"}
            ]}
            """)
        #expect(issue.timeline.count == 1)
        #expect(issue.timeline.first.map { if case .unknown("locked", _) = $0 { true } else { false } } == true)
        #expect(try decode(Issue.self, #"{"id": 1, "title": "t"}"#).timeline == [])
    }

    // MARK: Tagged, without the fallback

    @Test func paymentSourceKinds() throws {
        let card = try decode(PaymentSource.self, #"{"object": "card", "brand": "Visa", "last4": "4242"}"#)
        #expect(card == .card(Card(brand: "Visa", last4: "4242")))
        let bank = try decode(
            PaymentSource.self, #"{"object": "bank_account", "bank_name": "STRIPE TEST BANK", "last4": "6789"}"#)
        #expect(bank == .bankAccount(BankAccount(bankName: "STRIPE TEST BANK", last4: "6789")))
        #expect(try json(of: bank) == ["object": "bank_account", "bank_name": "STRIPE TEST BANK", "last4": "6789"])
    }

    /// A kind named `unknown` keeps its case; a kind the spec does not list goes to `.unrecognized`.
    @Test func aKindNamedUnknownKeepsItsCase() throws {
        let items = try decode(
            [CurrentlyPlaying].self,
            #"""
            [{"currently_playing_type": "unknown", "progress_ms": 12},
             {"currently_playing_type": "track", "name": "Song 2"},
             {"currently_playing_type": "something_new", "episode": 3}]
            """#)
        #expect(items[0] == .unknown(PlayingNothing(progressMs: 12)))
        #expect(items[1] == .track(PlayingTrack(name: "Song 2")))
        guard case .unrecognized(let kind, let kept) = items[2] else {
            Testing.Issue.record("not kept as unrecognized: \(items[2])")
            return
        }
        #expect(kind == "something_new")
        #expect(kept == .object(["currently_playing_type": .string("something_new"), "episode": .int(3)]))
        #expect(
            try json(of: items[0])
                == .object(["currently_playing_type": .string("unknown"), "progress_ms": .int(12)]))
        #expect(try json(of: items[2]) == kept)
    }

    @Test func unknownKindWithoutFallbackFailsNamingTheValues() throws {
        let error = decodingError(PaymentSource.self, #"{"object": "ach_credit_transfer", "last4": "1"}"#)
        guard case .dataCorrupted(let context)? = error else {
            Testing.Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(
            context.debugDescription
                == "Unknown 'object' value 'ach_credit_transfer'; expected 'card' or 'bank_account'.")
        #expect(context.codingPath.map(\.stringValue) == ["object"])
        guard case .keyNotFound? = decodingError(PaymentSource.self, #"{"brand": "Visa", "last4": "4242"}"#) else {
            Testing.Issue.record("a missing discriminator should be keyNotFound")
            return
        }
    }

    // MARK: Untagged: expandable fields

    static func charge(customer: String, extra: String = "") -> String {
        """
        {"id": "ch_3MmlLrLkdIwHu7ix0snN0B15", "amount": 1099, "customer": \(customer),
         "balance_transaction": "txn_3MmlLrLkdIwHu7ix0uke3Ezy"\(extra)}
        """
    }

    @Test func expandableFieldAsAnID() throws {
        let charge = try decode(Charge.self, Self.charge(customer: #""cus_NffrFeUfNV2Hib""#))
        #expect(charge.customer == .string("cus_NffrFeUfNV2Hib"))
        #expect(charge.balanceTransaction == .string("txn_3MmlLrLkdIwHu7ix0uke3Ezy"))
        #expect(charge.amount == .number(1099))
    }

    @Test func expandableFieldAsTheWholeObject() throws {
        let charge = try decode(
            Charge.self, Self.charge(customer: #"{"id": "cus_NffrFeUfNV2Hib", "email": "jenny@example.com"}"#))
        #expect(charge.customer == .customer(Customer(id: "cus_NffrFeUfNV2Hib", email: "jenny@example.com")))
    }

    @Test func expandableFieldThatIsNeitherFails() throws {
        let error = decodingError(Charge.self, Self.charge(customer: "42"))
        guard case .typeMismatch(let type, let context)? = error else {
            Testing.Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        // Each case's reason follows the types tried (Foundation words the mismatch, so only its start is fixed).
        #expect(
            type == ChargeCustomer.self && context.debugDescription.hasPrefix("Expected String or Customer. String: "))
        #expect(context.debugDescription.contains(". Customer: "))
        #expect(context.codingPath.map(\.stringValue) == ["customer"])
        // An object that is no customer (no `id`) fails too, saying so.
        let object = decodingError(Charge.self, Self.charge(customer: #"{"email": "x@example.com"}"#))
        guard case .typeMismatch(_, let objectContext)? = object else {
            Testing.Issue.record("expected typeMismatch, got \(String(describing: object))")
            return
        }
        #expect(objectContext.debugDescription.hasPrefix("Expected String or Customer. String: "))
        #expect(objectContext.debugDescription.hasSuffix(" Customer: Missing key 'id'."))
    }

    @Test func nullableUnion() throws {
        #expect(try decode(Charge.self, Self.charge(customer: "null")).customer == nil)
        let withoutCustomer = #"{"id": "ch_1", "amount": 5, "balance_transaction": "txn_1"}"#
        #expect(try decode(Charge.self, withoutCustomer).customer == nil)
        #expect(try decode(Charge.self, withoutCustomer).onBehalfOf == nil)
    }

    @Test func namedUntaggedUnionAndLenientFallback() throws {
        let charge = try decode(
            Charge.self,
            Self.charge(
                customer: "null",
                extra: #", "on_behalf_of": {"id": "acct_1", "business_name": null}, "destination": 7"#))
        #expect(charge.onBehalfOf == .account(Account(id: "acct_1", businessName: nil)))
        #expect(charge.destination == nil)  // lenient: 7 is no account, so it falls back to nil
        #expect(try decode(ExpandableAccount.self, #""acct_2""#) == .id("acct_2"))
    }

    @Test func casesAreTriedInOrder() throws {
        #expect(try decode(Amount.self, "12.5") == .number(12.5))
        #expect(try decode(Amount.self, #""12.50""#) == .text("12.50"))
        #expect(try decode(ChargeTags.self, #""vip""#) == .one("vip"))
        #expect(try decode(ChargeTags.self, #"["vip", "gift"]"#) == .many(["vip", "gift"]))
        #expect(throws: DecodingError.self) { try decode(ChargeTags.self, "[1]") }
    }

    @Test func untaggedUnionsEncodeTheHeldValue() throws {
        let charge = try decode(
            Charge.self,
            Self.charge(
                customer: #"{"id": "cus_1", "email": null}"#,
                extra: #", "source": {"object": "card", "brand": "Visa", "last4": "4242"}, "tags": ["a", "b"]"#))
        let encoded = try json(of: charge)
        #expect(encoded["customer"] == ["id": "cus_1"])
        #expect(encoded["balance_transaction"] == "txn_3MmlLrLkdIwHu7ix0uke3Ezy")
        #expect(encoded["source"] == ["object": "card", "brand": "Visa", "last4": "4242"])
        #expect(encoded["tags"] == ["a", "b"] && encoded["amount"] == 1099)
        #expect(try JSONDecoder().decode(Charge.self, from: JSONEncoder().encode(charge)) == charge)
    }

    @Test func unionInAStructSubtype() throws {
        let refund = try decode(Refund.self, #"{"amount": 100, "charge": "ch_1"}"#)
        #expect(refund.charge == .string("ch_1"))
        let expanded = try decode(
            Refund.self, #"{"amount": 100, "charge": {"id": "ch_1", "amount": 100, "balance_transaction": "t"}}"#)
        guard case .charge(let charge) = expanded.charge else {
            Testing.Issue.record("not expanded: \(expanded.charge)")
            return
        }
        #expect(charge.id == "ch_1" && charge.amount == .number(100))
    }
}
