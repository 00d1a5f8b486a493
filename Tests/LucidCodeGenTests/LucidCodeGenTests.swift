import Testing

@testable import LucidCodeGen

@Suite struct LucidCodeGenModuleTests {
    @Test func readsTheCurrentSpecVersion() {
        #expect(LucidCodeGen.supportedSpecVersion == 1)
    }
}
