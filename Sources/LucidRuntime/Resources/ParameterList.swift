import Foundation

/// A value that can travel in a path segment, a query item or a header: its text on the wire.
public protocol ParameterValue {
    var parameterText: String { get }
}

extension String: ParameterValue { public var parameterText: String { self } }
extension Int: ParameterValue { public var parameterText: String { String(self) } }
extension Int64: ParameterValue { public var parameterText: String { String(self) } }
/// Plain decimal notation with the shortest digits that round-trip: `0.00001` (never `1e-05`), `3` for `3.0`,
/// `0` for both zeros, and `NaN`, `Infinity`, `-Infinity` for the non-finite values. The same on every platform.
extension Double: ParameterValue { public var parameterText: String { PlainNumberText.text(self) } }
/// Plain decimal notation with the shortest digits that read back as the same `Float`, as for `Double`.
extension Float: ParameterValue { public var parameterText: String { PlainNumberText.text(self) } }
/// Every digit in plain decimal notation (`1000000000000000000000000000000`, `0.000001`), `NaN` when not a number.
extension Decimal: ParameterValue { public var parameterText: String { PlainNumberText.text(self) } }
extension Bool: ParameterValue { public var parameterText: String { self ? "true" : "false" } }
extension UUID: ParameterValue { public var parameterText: String { uuidString } }
extension URL: ParameterValue { public var parameterText: String { absoluteString } }
extension RGBAColor: ParameterValue { public var parameterText: String { hex } }
extension Data: ParameterValue { public var parameterText: String { base64EncodedString() } }

/// An entity's identifier goes as its raw value (`params: { id: movie }` takes a `Movie.ID`).
extension Identifier: ParameterValue where RawValue: ParameterValue {
    public var parameterText: String { rawValue.parameterText }
}

/// Generated enums are `ParameterValue` through their raw value.
extension ParameterValue where Self: RawRepresentable, RawValue == String {
    public var parameterText: String { rawValue }
}

extension DateCodingFormat {
    /// The date as a parameter: text formats as text, epoch formats as whole numbers.
    public func parameterText(from date: Date) -> String {
        switch self {
        case .epochSeconds: return Self.wholeText(date.timeIntervalSince1970)
        case .epochMilliseconds: return Self.wholeText((date.timeIntervalSince1970 * 1000).rounded())
        default: return text(from: date)
        }
    }

    private static func wholeText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 9e18 ? String(Int64(value)) : PlainNumberText.text(value)
    }
}

extension DurationUnit {
    /// The duration as a parameter: a number in this unit, whole when it can be (`30`, `1.5`).
    public func parameterText(from duration: Duration) -> String { number(from: duration).description }
}

/// Query items or headers built from typed values, as generated services write them: nil values are left out,
/// lists repeat their name, dates use their format, durations their unit.
public struct ParameterList: Sendable, Hashable {
    public private(set) var items: [QueryItem] = []

    public init() {}

    public mutating func add(_ name: String, _ value: (some ParameterValue)?) {
        if let value { items.append(QueryItem(name, value.parameterText)) }
    }

    public mutating func add(_ name: String, _ values: [some ParameterValue]?) {
        for value in values ?? [] { items.append(QueryItem(name, value.parameterText)) }
    }

    public mutating func add(_ name: String, _ date: Date?, format: DateCodingFormat) {
        if let date { items.append(QueryItem(name, format.parameterText(from: date))) }
    }

    public mutating func add(_ name: String, _ dates: [Date]?, format: DateCodingFormat) {
        for date in dates ?? [] { items.append(QueryItem(name, format.parameterText(from: date))) }
    }

    public mutating func add(_ name: String, _ duration: Duration?, unit: DurationUnit) {
        if let duration { items.append(QueryItem(name, unit.parameterText(from: duration))) }
    }

    /// The items as headers (a later item with the same name wins).
    public var headers: [String: String] {
        Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
