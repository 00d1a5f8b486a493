import Foundation
import Testing

@testable import LucidSpec

/// Which untagged unions remember their cases' results (`UnionRedecoding`): those two of whose cases read one part
/// of the value as types that both lead back to the union, and no other.
@Suite struct UnionRedecodingTests {
    private func remembering(_ body: String) throws -> Set<String> {
        let result = SpecLoader().load(yaml: TemporarySpec.header + "\n" + body)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        return UnionRedecoding(spec: try #require(result.spec)).remembering
    }

    @Test func casesThatReadTheSameKeyBackToTheUnionRemember() throws {
        #expect(
            try remembering(
                """
                subtypes:
                  shape: { one_of: [circle, square] }
                  circle: { properties: { children: "[shape]", radius: double } }
                  square: { properties: { children: "[shape]", side: double } }
                  box: { one_of: [leaf, a, b] }
                  leaf: { properties: { leaf: int } }
                  a: { properties: { inner: box, x: int } }
                  b: { properties: { inner: { type: box, nullable: true }, y: int } }
                """) == ["shape", "box"])
    }

    @Test func overlapsThroughNestedKeysMapsListsAndOtherUnionsRemember() throws {
        #expect(
            try remembering(
                """
                subtypes:
                  dotted: { one_of: [p, q] }
                  p: { properties: { next: { type: dotted, key: a.b }, p: int } }
                  q: { properties: { a: inner } }
                  inner: { properties: { b: dotted } }
                  mapped: { one_of: { map: "{string: mapped}", item: r } }
                  r: { properties: { child: mapped, r: int } }
                  lists: { one_of: { one: "[lists]", two: "[[lists]]" } }
                  outer: { one_of: [left_union, right_union] }
                  left_union: { one_of: [l, int] }
                  right_union: { one_of: [rr, string] }
                  l: { properties: { x: outer, l: int } }
                  rr: { properties: { x: outer, r: int } }
                """) == ["dotted", "mapped", "lists", "outer"])
    }

    @Test func casesThatReadDifferentPartsOrSharePartsThatDoNotLeadBackDoNot() throws {
        #expect(
            try remembering(
                """
                subtypes:
                  expr: { one_of: [literal, bin_op, not] }
                  literal: { properties: { value: double } }
                  bin_op: { properties: { left: expr, right: expr } }
                  not: { properties: { not: expr } }
                  entry: { one_of: [file, folder] }
                  file: { properties: { name: string, size: int } }
                  folder: { properties: { name: string, children: "[entry]" } }
                  json: { one_of: { text: string, many: "[json]", object: "{string: json}" } }
                  filter: { discriminator: type, one_of: { all: every_filter, any: some_filter } }
                  every_filter: { properties: { filters: "[filter]" } }
                  some_filter: { properties: { filters: "[filter]" } }
                  plain: { one_of: [circle, square] }
                  circle: { properties: { children: "[int]", radius: double } }
                  square: { properties: { children: "[int]", side: double } }
                """) == [])
    }
}
