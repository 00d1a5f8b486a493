import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Numbers in URLs and forms are plain decimal text, the same on every platform.
struct NumberParameterTextTests {
    @Test(
        arguments: [
            (1e-5, "0.00001"), (1.2345678901234568e20, "123456789012345680000"), (0.1 + 0.2, "0.30000000000000004"),
            (-0.5, "-0.5"), (3.0, "3"), (-0.0, "0"), (0.0, "0"), (1e16, "10000000000000000"),
            (1e15, "1000000000000000"), (123456789012345.6, "123456789012345.6"), (0.0001, "0.0001"), (100.0, "100"),
            (-1.5e-7, "-0.00000015"), (2.5e-3, "0.0025"), (1e22, "10000000000000000000000"),
            (.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5"),
            (.greatestFiniteMagnitude, "17976931348623157" + String(repeating: "0", count: 292)),
            (.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity"),
        ] as [(Double, String)])
    func doublesArePlainAndShortest(value: Double, text: String) {
        #expect(value.parameterText == text)
        if value.isFinite { #expect(Double(text) == value) }
    }

    @Test(
        arguments: [
            (Float(1e-5), "0.00001"), (Float(0.1), "0.1"), (Float(3.4e38), "340000000000000000000000000000000000000"),
            (Float(16_777_216), "16777216"), (Float(-2.5), "-2.5"), (Float.nan, "NaN"), (-Float.infinity, "-Infinity"),
        ] as [(Float, String)])
    func floatsUseTheirOwnShortestDigits(value: Float, text: String) {
        #expect(value.parameterText == text)
        if value.isFinite { #expect(Float(text) == value) }
    }

    @Test(arguments: [
        ("1e30", "1000000000000000000000000000000"), ("1e-30", "0.000000000000000000000000000001"),
        ("123.456", "123.456"), ("-0.00001", "-0.00001"), ("3.10", "3.1"), ("42", "42"),
        ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
    ])
    func decimalsKeepEveryDigitWithoutExponent(source: String, text: String) throws {
        let value = try #require(Decimal(string: source, locale: Locale(identifier: "en_US_POSIX")))
        #expect(value.parameterText == text)
        #expect(Decimal.nan.parameterText == "NaN")
    }

    @Test func aParameterListAndDurationsUseThePlainText() {
        var list = ParameterList()
        list.add("min", 1e-5)
        list.add("values", [1e21, 0.5])
        list.add("wait", Duration.nanoseconds(10), unit: .seconds)
        #expect(
            list.items == [
                QueryItem("min", "0.00001"), QueryItem("values", "1000000000000000000000"),
                QueryItem("values", "0.5"), QueryItem("wait", "0.00000001"),
            ])
    }
}
