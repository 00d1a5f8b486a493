/// The scalar types a spec can name.
///
/// Adding one (CONTRIBUTING.md, "Adding a scalar type"): a case here and its row in `facts`; the compiler then
/// names every switch that must decide what the new scalar does (defaults, example checks, OpenAPI export, …), and
/// `ScalarFactsTests` the data files and docs that list the scalars.
public enum ScalarType: String, Sendable, Hashable, Encodable, CaseIterable {
    case string, int, int64, double, float, decimal, bool, date, seconds, milliseconds, url, uuid, color, data
    /// Bytes with a file name and a content type (`FileUpload`): a file part of a multipart body, and only that.
    /// Named `file_upload` rather than `file`, which APIs use for their own types (GitHub's, Drive's files).
    case fileUpload = "file_upload"

    /// What lucid-gen knows about this scalar that is plain data: one row per scalar, so that the lists of scalars
    /// with a property (identifier types, header types, …) are derived from it rather than written out.
    public var facts: ScalarFacts {
        switch self {
        case .string: return ScalarFacts(swiftType: "String", json: .string, identifies: true, inHeaders: true)
        case .int: return ScalarFacts(swiftType: "Int", json: .integer, identifies: true, inHeaders: true)
        case .int64: return ScalarFacts(swiftType: "Int64", json: .integer, identifies: true, inHeaders: true)
        case .double: return ScalarFacts(swiftType: "Double", json: .number, inHeaders: true)
        case .float: return ScalarFacts(swiftType: "Float", json: .number, inHeaders: true)
        case .decimal: return ScalarFacts(swiftType: "Decimal", json: .number, inHeaders: true)
        case .bool: return ScalarFacts(swiftType: "Bool", json: .bool, inHeaders: true)
        case .date: return ScalarFacts(swiftType: "Date", json: .perFormat, inHeaders: true, coding: .dateFormat)
        case .seconds, .milliseconds:
            return ScalarFacts(swiftType: "Duration", json: .number, inHeaders: true, coding: .durationUnit)
        case .url: return ScalarFacts(swiftType: "URL", json: .string, inHeaders: true)
        case .uuid: return ScalarFacts(swiftType: "UUID", json: .string, identifies: true, inHeaders: true)
        case .color: return ScalarFacts(swiftType: "RGBAColor", json: .string)
        case .data: return ScalarFacts(swiftType: "Data", json: .string)
        case .fileUpload: return ScalarFacts(swiftType: "FileUpload", json: .none, isSimpleValue: false)
        }
    }

    /// Scalars that can identify an entity.
    public static let identifierTypes: [ScalarType] = allCases.filter(\.facts.identifies)

    /// Whether the JSON form is a number: the integer, floating-point and decimal types and the durations.
    public var isNumeric: Bool { facts.json == .integer || facts.json == .number }
}

/// One scalar type's plain facts (its row in `ScalarType.facts`). What needs code rather than data — how a default
/// is checked and spelled in Swift, how an example value is checked, the OpenAPI schema — is an exhaustive switch
/// over `ScalarType` in the stage that owns it, so a new case is named there by the compiler.
public struct ScalarFacts: Sendable, Hashable {
    /// How a value is written in JSON.
    public enum JSONForm: Sendable, Hashable {
        case string, integer, number, bool
        /// A string or a number, by the property's date `format`.
        case perFormat
        /// Not JSON at all: a file part of a multipart body.
        case none
    }

    /// How generated code reads and writes the value.
    public enum Coding: Sendable, Hashable {
        /// Through the Swift type's own `Codable` conformance.
        case plain
        /// Through a date `format` the property (or parameter, response, header) sets, and LucidRuntime's date
        /// coding: so it cannot sit where no format can be given (a union case, a type argument, deep in a type).
        case dateFormat
        /// As a number in the unit its name says (`seconds`), through LucidRuntime's duration coding; the same
        /// places as a date are closed to it.
        case durationUnit
    }

    /// The Swift type generated code uses (`UUID`); a Swift, Foundation or LucidRuntime type, so it is in
    /// `SwiftNaming.reservedTypeNames` (`ScalarFactsTests` checks).
    public let swiftType: String
    /// How a value is written in JSON, which decides what reads it too (`string` reads every `.string` scalar).
    public let json: JSONForm
    /// Whether it can identify an entity (`identifier: uuid`).
    public let identifies: Bool
    /// Whether a response header can hold it (`headers: { etag: { type: string } }`); its Swift type conforms to
    /// LucidRuntime's `ResponseHeaderValue`.
    public let inHeaders: Bool
    /// Whether it is a "simple value": one that goes in a path segment, a query item, a request header or a form
    /// field as text; its Swift type conforms to LucidRuntime's `ParameterValue`.
    public let isSimpleValue: Bool
    /// How generated code reads and writes it.
    public let coding: Coding

    init(
        swiftType: String, json: JSONForm, identifies: Bool = false, inHeaders: Bool = false,
        isSimpleValue: Bool = true, coding: Coding = .plain
    ) {
        self.swiftType = swiftType
        self.json = json
        self.identifies = identifies
        self.inHeaders = inHeaders
        self.isSimpleValue = isSimpleValue
        self.coding = coding
    }
}
