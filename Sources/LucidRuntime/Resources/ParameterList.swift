import Foundation

/// A value that can travel in a path segment, a query item or a header: its text on the wire.
public protocol ParameterValue {
    /// The value as text, before percent-encoding: what a path segment, query item or header carries.
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
/// Lower case, as RFC 9562 writes UUIDs and servers that compare them as text store them (`uuidString` is upper).
extension UUID: ParameterValue { public var parameterText: String { uuidString.lowercased() } }
extension URL: ParameterValue { public var parameterText: String { absoluteString } }
extension RGBAColor: ParameterValue { public var parameterText: String { hex } }
extension Data: ParameterValue { public var parameterText: String { base64EncodedString() } }

/// An entity's identifier goes as its raw value (`params: { id: movie }` takes a `Movie.ID`).
extension Identifier: ParameterValue where RawValue: ParameterValue {
    public var parameterText: String { rawValue.parameterText }
}

/// Generated enums are `ParameterValue` through their raw value.
extension ParameterValue where Self: RawRepresentable, RawValue == String {
    /// The raw value, as the spec writes the case.
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

/// How a list goes in a query: APIs disagree, and a server reading one style sees another as a single value or as
/// the last value only.
public enum QueryListStyle: Sendable, Hashable {
    /// The name repeated once per value: `ids=1&ids=2` (the default; OpenAPI's `form` with `explode`).
    case repeated
    /// One item, the values separated by literal commas: `ids=1,2` (GitHub; OpenAPI's `form` without `explode`).
    /// A comma inside a value is percent-encoded (`x%2Cy`), so that splitting on `,` gets the values back.
    case comma
    /// The name with `[]` appended, repeated once per value: `ids[]=1&ids[]=2` (Rails, PHP). The brackets are
    /// sent percent-encoded, `ids%5B%5D=1&ids%5B%5D=2`, which those servers decode like any query name: RFC 3986
    /// does not allow them unencoded in a query, and some clients and proxies reject or re-encode them.
    case brackets
}

/// How a map goes in a query. A query has no standard way to send one, and OpenAPI names several.
public enum QueryMapStyle: Sendable, Hashable {
    /// One item per entry, named with the map's name and the entry's key in brackets, keys sorted:
    /// `metadata[order]=42&metadata[ref]=a` (OpenAPI's `deepObject` with `explode`; Stripe, Rails and PHP read it
    /// as a nested map). The whole name is percent-encoded like any query name, the brackets included
    /// (`metadata%5Border%5D=42`), as `QueryListStyle.brackets` sends them; those servers decode names before
    /// reading brackets. A key holding `[` or `]` cannot be told from nesting by them, so send keys without.
    case deepObject
}

/// Query items or headers built from typed values, as generated services write them: nil values are left out,
/// lists repeat their name unless a `QueryListStyle` says otherwise, dates use their format, durations their unit.
/// An empty list sends nothing, whatever its style.
public struct ParameterList: Sendable, Hashable {
    /// The items in the order they were added.
    public private(set) var items: [QueryItem] = []

    /// An empty list.
    public init() {}

    /// Adds `value` as its `parameterText`; nothing when it is nil.
    public mutating func add(_ name: String, _ value: (some ParameterValue)?) {
        if let value { items.append(QueryItem(name, value.parameterText)) }
    }

    /// Adds `values` with their name repeated (`ids=1&ids=2`).
    public mutating func add(_ name: String, _ values: [some ParameterValue]?) {
        add(name, values, style: .repeated)
    }

    /// Adds `values` in `style`.
    public mutating func add(_ name: String, _ values: [some ParameterValue]?, style: QueryListStyle) {
        add(name, texts: values?.map(\.parameterText) ?? [], style: style)
    }

    /// Adds the entries of `map` in `style`, in the order of their keys (so that a request is the same on every
    /// run); nothing when it is nil or empty.
    public mutating func add(_ name: String, _ map: [String: some ParameterValue]?, style: QueryMapStyle) {
        guard let map else { return }
        switch style {
        case .deepObject:
            for key in map.keys.sorted() {
                if let value = map[key] { items.append(QueryItem("\(name)[\(key)]", value.parameterText)) }
            }
        }
    }

    /// Adds `date` in `format`; nothing when it is nil.
    public mutating func add(_ name: String, _ date: Date?, format: DateCodingFormat) {
        if let date { items.append(QueryItem(name, format.parameterText(from: date))) }
    }

    /// Adds `dates`, each in `format`, with their name repeated.
    public mutating func add(_ name: String, _ dates: [Date]?, format: DateCodingFormat) {
        add(name, dates, format: format, style: .repeated)
    }

    /// Adds `dates`, each in `format`, in `style`.
    public mutating func add(_ name: String, _ dates: [Date]?, format: DateCodingFormat, style: QueryListStyle) {
        add(name, texts: dates?.map(format.parameterText(from:)) ?? [], style: style)
    }

    /// Adds `duration` as a number in `unit`; nothing when it is nil.
    public mutating func add(_ name: String, _ duration: Duration?, unit: DurationUnit) {
        if let duration { items.append(QueryItem(name, unit.parameterText(from: duration))) }
    }

    /// Adds `durations`, each a number in `unit`, with their name repeated.
    public mutating func add(_ name: String, _ durations: [Duration]?, unit: DurationUnit) {
        add(name, durations, unit: unit, style: .repeated)
    }

    /// Adds `durations`, each a number in `unit`, in `style`.
    public mutating func add(_ name: String, _ durations: [Duration]?, unit: DurationUnit, style: QueryListStyle) {
        add(name, texts: durations?.map(unit.parameterText(from:)) ?? [], style: style)
    }

    /// The one place list styles are applied, whatever the values' type.
    private mutating func add(_ name: String, texts: [String], style: QueryListStyle) {
        guard !texts.isEmpty else { return }
        switch style {
        case .repeated: items += texts.map { QueryItem(name, $0) }
        case .comma: items.append(QueryItem(name, commaSeparated: texts))
        case .brackets: items += texts.map { QueryItem(name + "[]", $0) }
        }
    }

    /// The items as headers (a later item with the same name wins); a comma-separated list is the header list
    /// syntax of RFC 9110 (`1,2`).
    public var headers: [String: String] {
        Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
