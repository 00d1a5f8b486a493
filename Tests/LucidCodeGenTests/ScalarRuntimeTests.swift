import Foundation
import LucidRuntime
import LucidSpec
import Testing

/// The scalar table (`ScalarType.facts`) and LucidRuntime agree: each scalar's Swift type is the one named, goes
/// in paths, queries and headers (`ParameterValue`) and is read from a response header (`ResponseHeaderValue`)
/// exactly when the table says so, and a simple value is one form field. A new scalar type is named by the
/// compiler in `sample` below, and its runtime conformances are then checked here.
@Suite struct ScalarRuntimeTests {
    /// A value of each scalar's Swift type. One case per scalar (no `default:`), so that a new scalar type is named
    /// here by the compiler.
    static func sample(_ scalar: ScalarType) -> any Encodable & Sendable {
        switch scalar {
        case .string: return "text"
        case .int: return 1
        case .int64: return Int64(1)
        case .double: return 1.5
        case .float: return Float(1.5)
        case .decimal: return Decimal(string: "19.99", locale: Locale(identifier: "en_US_POSIX")) ?? 0
        case .bool: return true
        case .date: return Date(timeIntervalSince1970: 0)
        case .seconds, .milliseconds: return Duration.seconds(1)
        case .url: return URL(string: "https://example.com/a") ?? URL(fileURLWithPath: "/")
        case .uuid: return UUID()
        case .color: return RGBAColor(red: 1, green: 2, blue: 3)
        case .data: return Data([1, 2, 3])
        case .fileUpload: return FileUpload(data: Data([1]), fileName: "a.bin")
        }
    }

    @Test(arguments: ScalarType.allCases)
    func runtimeTypeMatchesTheTable(_ scalar: ScalarType) {
        let value = Self.sample(scalar)
        let facts = scalar.facts
        #expect(String(describing: type(of: value)) == facts.swiftType)
        // Dates and durations go through their format or unit (`DateCodingFormat`, `DurationUnit`), not these.
        let plain = facts.coding == .plain
        #expect((value is any ParameterValue) == (facts.isSimpleValue && plain), "ParameterValue")
        #expect((type(of: value) is any ResponseHeaderValue.Type) == (facts.inHeaders && plain), "ResponseHeaderValue")
    }

    /// A simple value is one form field, as it is one query item.
    @Test(arguments: ScalarType.allCases.filter { $0.facts.isSimpleValue && $0.facts.coding == .plain })
    func simpleValueIsOneFormField(_ scalar: ScalarType) throws {
        let body = try Self.formBody(Self.sample(scalar))
        #expect(body.hasPrefix("value=") && !body.contains("&") && !body.contains("%5B"), "\(body)")
    }

    private struct One<Value: Encodable>: Encodable {
        let value: Value
    }

    private static func formBody<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try FormURLEncoder.encode(One(value: value)), as: UTF8.self)
    }
}
