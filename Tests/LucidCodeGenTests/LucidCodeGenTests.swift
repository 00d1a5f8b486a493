import LucidSpec
import Testing

@testable import LucidCodeGen

@Suite struct LucidCodeGenModuleTests {
    @Test func readsTheCurrentSpecVersion() {
        #expect(LucidCodeGen.supportedSpecVersion == 1)
    }
}

/// The generator reads the resolved model `SpecLoader` makes; a hand-made spec with an unresolved type is refused
/// with an error, never rendered.
@Suite struct UnresolvedSpecTests {
    @Test func anUnresolvedTypeIsAnErrorNotACrash() throws {
        let yaml = """
            lucid: 1
            module: Shop
            subtypes:
              order: { properties: { note: string } }
            """
        var spec = try #require(SpecLoader().load(yaml: yaml).spec)
        #expect(spec.isResolved)
        guard case .structure(var properties) = spec.subtypes[0].kind else {
            Issue.record("order is a struct")
            return
        }
        properties[0].type = .array(.named("note_kind"))
        spec.subtypes[0].kind = .structure(properties: properties)
        #expect(!spec.isResolved)
        let generator = Generator(spec: spec, specFile: "shop.lucid.yaml", templates: try TemplateSet.embedded())
        #expect(
            throws: GenerationError(
                "the spec names types that are not resolved; load it with SpecLoader", at: nil)
        ) { try generator.files() }
    }
}
