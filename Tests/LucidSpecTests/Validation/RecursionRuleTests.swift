import Foundation
import Testing

@testable import LucidSpec

/// Which cycles of values lint accepts: one through a nullable property or a union's case (stored out of line);
/// not one through required properties alone, nor a union that is its own case, directly or through other unions'
/// cases (decoding would try it on the same JSON value without end). Refusals are located at the cycle's first
/// member, with a hint that fits it.
@Suite struct RecursionRuleTests {
    private func diagnostics(_ body: String) -> [String] {
        SpecLoader().load(yaml: TemporarySpec.header + "\n" + body, file: "r.lucid.yaml").diagnostics.map(\.description)
    }

    @Test(arguments: [
        // An expression tree: operands are required, the union's cases break the cycle.
        """
        subtypes:
          expr: { one_of: [literal, bin_op, not] }
          literal: { properties: { value: double } }
          bin_op: { properties: { left: expr, right: expr } }
          not: { properties: { not: expr } }
        """,
        // Tagged, through an entity that holds the union (required) and is one of its cases.
        """
        subtypes:
          node: { discriminator: kind, one_of: { leaf: leaf, branch: branch } }
          leaf: { properties: { value: int } }
        entities:
          branch: { identifier: int, properties: { left: node, right: node } }
        """,
        // Through two unions and a struct: one property on the cycle is enough for decoding to go deeper.
        """
        subtypes:
          u: { one_of: [v, int] }
          v: { one_of: [s, string] }
          s: { properties: { u: u } }
        """,
        // Through a generic struct's instance: the union's case boxes `wrap<expr>`, which holds an `expr` in place.
        """
        subtypes:
          wrap: { generic: item, properties: { value: item } }
          expr: { one_of: { number: int, wrapped: "wrap<expr>" } }
        """,
        // A union that holds a list of itself was accepted before and still is.
        """
        subtypes:
          json: { one_of: { many: "[json]", text: string } }
        """,
    ])
    func aCycleThroughAUnionsCaseIsAccepted(_ body: String) {
        #expect(diagnostics(body) == [])
    }

    @Test func aCycleOfRequiredPropertiesIsStillRefused() {
        #expect(
            diagnostics(
                """
                subtypes:
                  expr: { one_of: [literal, bin_op] }
                  literal: { properties: { value: double } }
                  bin_op: { properties: { left: expr, pair: pair } }
                  pair: { properties: { first: pair_item } }
                  pair_item: { properties: { back: pair } }
                """) == [
                    "r.lucid.yaml:9:25: error: 'pair' contains itself (pair.first → pair_item.back → pair); Swift cannot "
                        + "store a value inside itself; make one of 'pair.first', 'pair_item.back' nullable"
                ])
    }

    @Test func aUnionThatIsItsOwnCaseIsRefused() {
        #expect(
            diagnostics(
                """
                subtypes:
                  maybe: { one_of: { maybe: maybe, text: string } }
                """) == [
                    "r.lucid.yaml:6:22: error: 'maybe' is a case of itself (maybe.maybe → maybe); decoding tries a "
                        + "union's cases on the same JSON value, so it would never end; remove case 'maybe'; a union "
                        + "may hold a list of itself ('[maybe]') or a struct that holds it"
                ])
    }

    /// `u → v → u` through cases alone is refused, once, even though `u → v → s → u` beside it is accepted.
    @Test func aUnionThatIsItsOwnCaseThroughAnotherIsRefusedOnce() {
        #expect(
            diagnostics(
                """
                subtypes:
                  u: { one_of: [v, int] }
                  v: { one_of: [u, s] }
                  s: { properties: { u: u } }
                """) == [
                    "r.lucid.yaml:6:17: error: 'u' is a case of itself (u.v → v.u → u); decoding tries a union's cases "
                        + "on the same JSON value, so it would never end; remove one of these cases; a union may hold a "
                        + "list of another ('[v]') or a struct that holds it"
                ])
    }
}
