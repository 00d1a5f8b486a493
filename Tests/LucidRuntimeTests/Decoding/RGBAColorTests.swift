import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct RGBAColorTests {
    @Test(arguments: [
        ("#FFF", RGBAColor(red: 255, green: 255, blue: 255)),
        ("#0a8", RGBAColor(red: 0, green: 0xAA, blue: 0x88)),
        ("#1A2b3C", RGBAColor(red: 0x1A, green: 0x2B, blue: 0x3C)),
        ("#00000080", RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80)),
        ("#ffffffff", RGBAColor(red: 255, green: 255, blue: 255)),
        // Without the `#`, as GitHub's labels and many other APIs send colours.
        ("f29513", RGBAColor(red: 0xF2, green: 0x95, blue: 0x13)),
        ("FFF", RGBAColor(red: 255, green: 255, blue: 255)),
        ("00000080", RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80)),
    ])
    func parses(hex: String, expected: RGBAColor) {
        #expect(RGBAColor(hex: hex) == expected)
    }

    @Test(arguments: [
        "", "#", "#FF", "#FFFF", "#FFFFF", "#FFFFFFF", "#FFFFFFFFF", "FF", "FFFFF", "GGG", " FFF",
        "#GGG", "#+1F", "# FFFFF", "#FFFFFF ", "##FFF", "#ＦＦＦ", "#FFé", "0xFFFFFF",
    ])
    func rejects(hex: String) {
        #expect(RGBAColor(hex: hex) == nil)
    }

    @Test func writesUpperCaseHexWithAlphaOnlyWhenNotOpaque() {
        #expect(RGBAColor(red: 1, green: 0xAB, blue: 0x10).hex == "#01AB10")
        #expect(RGBAColor(red: 1, green: 0xAB, blue: 0x10, alpha: 0).hex == "#01AB1000")
        #expect(RGBAColor(hex: "#abc")?.hex == "#AABBCC")
    }

    @Test func codesAsTheHexString() throws {
        let colors = try JSONDecoder().decode(
            [RGBAColor].self, from: Data(##"["#fff", "#11223344", "f29513"]"##.utf8))
        #expect(
            colors == [
                RGBAColor(red: 255, green: 255, blue: 255), RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44),
                RGBAColor(red: 0xF2, green: 0x95, blue: 0x13),
            ])
        // Written back always with the `#`.
        #expect(
            String(decoding: try JSONEncoder().encode(colors), as: UTF8.self) == ##"["#FFFFFF","#11223344","#F29513"]"##
        )
    }

    @Test func aBadStringIsDataCorrupted() {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(#"{"tint": "red"}"#) { try $0.decode(RGBAColor.self, forKey: "tint") }
        }
        #expect(error?.isDataCorrupted == true)
        #expect(error?.dottedPath == "tint")
        #expect(error?.contextDescription.contains("\"red\"") == true)
    }
}
