import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// An untagged union's decoding, as the generated `init(from:)` writes it: the first case that decodes wins, and
/// when none does the error carries each case's reason, with the path below the union; the depth error of a type
/// that holds itself passes through unchanged, and ends the attempts.
@Suite struct UnionCaseAttemptsTests {
    private struct Address: Decodable, Equatable { let city: String }
    private struct Person: Decodable, Equatable {
        let name: String
        let address: Address
    }

    private enum Contact: Decodable, Equatable {
        case id(Int)
        case person(Person)

        init(from decoder: any Decoder) throws {
            var attempts = try UnionCaseAttempts(decoder)
            if let value = attempts.decode(Int.self) {
                self = .id(value)
            } else if let value = attempts.decode(Person.self) {
                self = .person(value)
            } else {
                throw attempts.failure(Contact.self, expected: "Expected Int or Person.")
            }
        }
    }

    private struct Holder: Decodable { let contact: Contact }

    private func failure(_ json: String) -> (type: Any.Type, context: DecodingError.Context)? {
        do {
            _ = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
            return nil
        } catch DecodingError.typeMismatch(let type, let context) {
            return (type, context)
        } catch {
            Issue.record("not a type mismatch: \(error)")
            return nil
        }
    }

    @Test func theFirstCaseThatDecodesWins() throws {
        let id = try JSONDecoder().decode(Holder.self, from: Data(#"{"contact": 7}"#.utf8))
        #expect(id.contact == .id(7))
        let person = try JSONDecoder().decode(
            Holder.self, from: Data(#"{"contact": {"name": "Ada", "address": {"city": "London"}}}"#.utf8))
        #expect(person.contact == .person(Person(name: "Ada", address: Address(city: "London"))))
    }

    @Test func eachCasesReasonIsKept() throws {
        let failed = try #require(failure(#"{"contact": {"name": "Ada", "address": {}}}"#))
        #expect(ObjectIdentifier(failed.type) == ObjectIdentifier(Contact.self))
        #expect(failed.context.codingPath.map(\.stringValue) == ["contact"])
        let text = failed.context.debugDescription
        #expect(text.hasPrefix("Expected Int or Person. Int: "), "\(text)")
        // The path is the one below the union, not the whole body's.
        #expect(text.hasSuffix(" Person (at address): Missing key 'city'."), "\(text)")
    }

    @Test func aMismatchDeeperInACaseNamesItsPath() throws {
        let failed = try #require(failure(#"{"contact": {"name": "Ada", "address": {"city": 5}}}"#))
        let text = failed.context.debugDescription
        #expect(text.contains(" Person (at address.city): "), "\(text)")
        #expect(!text.contains("contact.address"), "the union's own path is not repeated: \(text)")
    }

    // MARK: The depth error

    /// `nest: one_of [int, wrapper, fallback]`: a wrapper holds a nest and checks the depth, a fallback reads any
    /// object.
    enum Nest: Decodable {
        case int(Int)
        indirect case wrapper(Wrapper)
        case fallback(Fallback)

        init(from decoder: any Decoder) throws {
            try decoder.checkNestingDepth(of: Nest.self)
            var attempts = try UnionCaseAttempts(decoder)
            if let value = attempts.decode(Int.self) {
                self = .int(value)
            } else if let value = attempts.decode(Wrapper.self) {
                self = .wrapper(value)
            } else if let value = attempts.decode(Fallback.self) {
                self = .fallback(value)
            } else {
                throw attempts.failure(Nest.self, expected: "Expected Int, Wrapper or Fallback.")
            }
        }
    }

    struct Wrapper: Decodable { let inner: Nest }
    struct Fallback: Decodable {}

    @Test func theDepthErrorPassesThroughUnionsUnchangedAndEndsTheirAttempts() throws {
        let depth = LucidRuntime.maximumNestingDepth + 5
        let body = String(repeating: #"{"inner": "#, count: depth) + "1" + String(repeating: "}", count: depth)
        do {
            let nest = try JSONDecoder().decode(Nest.self, from: Data(body.utf8))
            Issue.record("decoded \(nest): the fallback was tried after the depth error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.count == LucidRuntime.maximumNestingDepth + 1)
            #expect(context.debugDescription.hasPrefix("Nest is nested 101 levels deep"), "\(context.debugDescription)")
        }
    }
}
