import Foundation
import LucidSupport
import Testing

@testable import LucidSpec

/// Includes: globs, nesting, order, files reached twice, cycles and anchors across them.
@Suite struct IncludeTests {
    @Test func globsNestedIncludesAndOrder() throws {
        let result = TemporarySpec.load(
            TemporarySpec.header + "\ninclude: [models/*.yaml, extra.yaml]\n",
            files: [
                "models/b.yaml": "entities:\n  b: { properties: { n: string } }\n",
                "models/a.yaml": "include: [../nested/c.yaml]\nentities:\n  a: { properties: { n: string } }\n",
                "models/.hidden.yaml": "entities:\n  hidden: { properties: { n: string } }\n",
                "models/notes.txt": "not yaml: [",
                "nested/c.yaml": "subtypes:\n  c: { cases: [x] }\n",
                "extra.yaml": "include: [models/a.yaml]\nservices:\n  s:\n    endpoints:\n      e: { get: /e }\n",
            ])
        #expect(TemporarySpec.messages(result) == [])
        let spec = try #require(result.spec)
        #expect(spec.entities.map(\.name) == ["a", "b"])  // sorted glob order; a.yaml read once
        #expect(spec.subtypes.map(\.name) == ["c"])
        #expect(spec.services.map(\.name) == ["s"])
        let folder = Paths.directory(of: spec.files[0]) + "/"
        let names = spec.files.map { $0.replacingOccurrences(of: folder, with: "") }
        #expect(names == ["spec.lucid.yaml", "models/a.yaml", "nested/c.yaml", "models/b.yaml", "extra.yaml"])
        #expect(spec.entities[0].location.file.hasSuffix("/models/a.yaml"))
        #expect(spec.entities[0].location.line == 3)
    }

    @Test func doubleStarMatchesAnyDepth() throws {
        let result = TemporarySpec.load(
            TemporarySpec.header + "\ninclude: '**/*.yaml'\n",
            files: [
                "deep/er/x.yaml": "subtypes:\n  x: { cases: [a] }\n",
                "y.yaml": "subtypes:\n  y: { cases: [a] }\n",
            ])
        #expect(
            TemporarySpec.messages(result) == [
                "spec.lucid.yaml:5:10: error: include cycle: spec.lucid.yaml → spec.lucid.yaml"
            ])
        let nested = TemporarySpec.withFolder { folder in
            TemporarySpec.write(
                [
                    "root.lucid.yaml": TemporarySpec.header + "\ninclude: 'parts/**/*.yaml'\n",
                    "parts/deep/er/x.yaml": "subtypes:\n  x: { cases: [a] }\n",
                    "parts/y.yaml": "subtypes:\n  y: { cases: [a] }\n",
                ], into: folder)
            return SpecLoader().load(path: folder + "/root.lucid.yaml")
        }
        #expect(nested.diagnostics == [])
        #expect(nested.spec?.subtypes.map(\.name) == ["x", "y"])
    }

    @Test func cycleIsReportedAtTheInclude() {
        let result = TemporarySpec.load(
            TemporarySpec.header + "\ninclude: [a.yaml]\n",
            files: [
                "a.yaml": "include: [b.yaml]\n",
                "b.yaml": "subtypes:\n  x: { cases: [a] }\ninclude: [a.yaml]\n",
            ])
        #expect(TemporarySpec.messages(result) == ["b.yaml:3:11: error: include cycle: a.yaml → b.yaml → a.yaml"])
        #expect(result.spec == nil)
    }

    @Test func anchorsAndMergeKeysWork() throws {
        let spec = try #require(
            TemporarySpec.load(
                TemporarySpec.header + """

                    x-common: &common
                      created: date?
                      name: { type: string, default: anon }
                    entities:
                      user:
                        properties:
                          <<: *common
                          name: string
                          email: string
                      team:
                        properties: *common
                    """
            ).spec)
        let user = try #require(spec.entity(named: "user"))
        #expect(user.properties.map(\.name) == ["created", "name", "email"])
        #expect(user.property(named: "name")?.defaultValue == nil)  // the explicit key wins over the merged one
        #expect(spec.entity(named: "team")?.properties.map(\.name) == ["created", "name"])
        #expect(spec.entity(named: "team")?.property(named: "name")?.defaultValue == .string("anon"))
    }

    @Test func rootOnlyKeysAreRejectedInIncludes() {
        let result = TemporarySpec.load(
            TemporarySpec.header + "\ninclude: part.yaml\n",
            files: [
                "part.yaml": "module: Other\nentities: {}\n"
            ])
        #expect(
            TemporarySpec.messages(result) == [
                "part.yaml:1:1: error: 'module' can only be set in the root spec, not in an included file"
            ])
    }
}
