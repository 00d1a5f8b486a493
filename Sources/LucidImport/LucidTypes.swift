import Foundation
import LucidSpec

/// A Lucid `property_type` string (`int`, `URL`, `time`, `[genre_kind]`, `{int: string}`) in lucid-gen's terms.
struct LucidType: Equatable {
    /// What a list or map holds, or the type itself.
    enum Element: Equatable {
        /// A lucid-gen scalar name (`seconds` for Lucid's `time`).
        case scalar(String)
        /// A subtype (or, in endpoint metadata, an entity) named as written.
        case named(String)

        var name: String {
            switch self {
            case .scalar(let name), .named(let name): return name
            }
        }
    }

    enum Shape: Equatable { case plain, list, map }

    var element: Element
    var shape: Shape
    /// A `{int: T}` map, whose keys lucid-gen reads as strings (JSON keys are strings either way).
    var hadIntKeys = false

    /// Lucid's scalars by their lowercased spelling (Lucid reads them case-insensitively), as lucid-gen names them.
    static let scalars: [String: String] = Dictionary(
        uniqueKeysWithValues: ScalarType.allCases.flatMap { scalar in
            lucidSpellings(of: scalar).map { ($0, scalar.rawValue) }
        })

    /// The lowercased Lucid `property_type`s that mean `scalar`; none when Lucid has no such type. One case per
    /// scalar (no `default:`), so that a new scalar type is named here by the compiler.
    static func lucidSpellings(of scalar: ScalarType) -> [String] {
        switch scalar {
        case .string, .int, .date, .double, .float, .bool, .milliseconds, .url, .color: return [scalar.rawValue]
        case .seconds: return ["seconds", "time"]
        case .int64, .decimal, .uuid, .data, .fileUpload: return []
        }
    }

    /// The type `text` describes, or nil when it is not a type Lucid reads (a nested list, a map with keys that
    /// are not strings or ints).
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("{"), trimmed.hasSuffix("}") {
            let inner = trimmed.dropFirst().dropLast().split(separator: ":", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard inner.count == 2, ["string", "int"].contains(inner[0].lowercased()),
                let value = Self.element(inner[1])
            else { return nil }
            self.init(element: value, shape: .map, hadIntKeys: inner[0].lowercased() == "int")
        } else if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            guard let element = Self.element(String(trimmed.dropFirst().dropLast())) else { return nil }
            self.init(element: element, shape: .list)
        } else {
            guard let element = Self.element(trimmed) else { return nil }
            self.init(element: element, shape: .plain)
        }
    }

    init(element: Element, shape: Shape, hadIntKeys: Bool = false) {
        self.element = element
        self.shape = shape
        self.hadIntKeys = hadIntKeys
    }

    private static func element(_ text: String) -> Element? {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(where: { "[]{}:, ".contains($0) }) else { return nil }
        if let scalar = scalars[name.lowercased()] { return .scalar(scalar) }
        return .named(name)
    }

    /// The lucid-gen type expression: `seconds`, `[genre_kind]`, `{string: int}` (the spec writer quotes it where
    /// YAML needs it).
    var expression: String {
        switch shape {
        case .plain: return element.name
        case .list: return "[\(element.name)]"
        case .map: return "{string: \(element.name)}"
        }
    }

    /// Whether the type is the scalar `name` (not a list or map of it).
    func isScalar(_ name: String) -> Bool { shape == .plain && element == .scalar(name) }
}
