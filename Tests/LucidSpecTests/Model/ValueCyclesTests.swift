import Foundation
import Testing

@testable import LucidSpec

/// Which properties and union cases close a cycle of values, and so are stored out of line (`@Indirect`, an
/// `indirect case`): the nullable properties and the union cases on a cycle, and nothing else.
@Suite struct ValueCyclesTests {
    private func cycles(_ body: String) throws -> ValueCycles {
        let yaml = TemporarySpec.header + "\n" + body
        let result = SpecLoader().load(yaml: yaml)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        return ValueCycles(spec: try #require(result.spec))
    }

    @Test func onlyNullablePropertiesOnACycleAreIndirect() throws {
        let found = try cycles(
            """
            subtypes:
              comment: { properties: { text: string, thread: { type: thread, nullable: true } } }
              thread: { properties: { first_comment: comment, pinned: { type: comment, nullable: true } } }
            entities:
              account: { identifier: string, properties: { name: string } }
              status:
                identifier: string
                properties:
                  account: { type: account, nullable: true }
                  reblog: { type: status, nullable: true }
                  replies: "[status]"
                  quoted: { type: status, id_only: true, nullable: true }
                metadata:
                  parent: { type: status, nullable: true }
            """)
        #expect(
            found.indirectMembers == [
                .init(owner: "status", name: "reblog"), .init(owner: "comment", name: "thread"),
                .init(owner: "thread", name: "pinned"),
            ])
        #expect(!found.isIndirect("account", of: "status"), "a nullable link on no cycle")
        #expect(!found.isIndirect("first_comment", of: "thread"), "a required link on a cycle")
        #expect(!found.isIndirect("parent", of: "status"), "metadata is held by no type")
    }

    @Test func onlyUnionCasesOnACycleAreIndirect() throws {
        let found = try cycles(
            """
            subtypes:
              expr: { one_of: [literal, bin_op, not, group] }
              literal: { properties: { value: double } }
              bin_op: { properties: { left: expr, right: expr } }
              not: { properties: { not: expr } }
              group: { properties: { items: "[expr]" } }
              filter: { discriminator: type, one_of: { not: not_filter, match: literal } }
              not_filter: { properties: { filter: filter } }
              plain: { one_of: [literal, string] }
            """)
        #expect(
            found.indirectMembers == [
                .init(owner: "expr", name: "bin_op"), .init(owner: "expr", name: "not"),
                .init(owner: "filter", name: "not"),
            ])
        #expect(found.holdsItself("expr") && found.holdsItself("filter"))
        #expect(!found.holdsItself("plain") && !found.holdsItself("bin_op"), "a struct on the cycle holds no box")
        #expect(!found.isIndirect("left", of: "bin_op"), "a required property on a cycle stays in place")
        #expect(!found.isIndirect("group", of: "expr"), "a list holds its items out of line already")
        #expect(found.infiniteCycles().isEmpty && found.unionCaseCycles().isEmpty)
    }

    /// Thousands of types in one ring: found in one linear pass, without recursion.
    @Test func aLongRingIsFoundQuickly() throws {
        let count = 3000
        let entities = (0..<count).map { index in
            "  e\(index): { identifier: int, properties: { next: { type: e\((index + 1) % count), nullable: true } } }"
        }
        let clock = ContinuousClock()
        var found: ValueCycles?
        let elapsed = try clock.measure { found = try cycles("entities:\n" + entities.joined(separator: "\n")) }
        #expect(found?.indirectMembers.count == count)
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }
}
