import Foundation

/// Tries an untagged union's cases in turn, as its generated `init(from:)` does, and keeps why each one failed: the
/// error of a value no case decodes then says what every case found wrong, not only which types were tried.
///
/// ```swift
/// var attempts = try UnionCaseAttempts(decoder)
/// if let value = attempts.decode(Int.self) {
///     self = .id(value)
/// } else if let value = attempts.decode(Customer.self) {
///     self = .customer(value)
/// } else {
///     throw attempts.failure(ChargeCustomer.self, expected: "Expected Int or Customer.")
/// }
/// ```
@_spi(Generated) public struct UnionCaseAttempts {
    private let container: any SingleValueDecodingContainer
    private let codingPath: [any CodingKey]
    private var reasons: [String] = []
    /// The first case that failed because the body nests a type that holds itself too deep: that error is the
    /// union's when no case decodes, not one that says so again around it at every level above.
    private var tooDeep: DecodingError?
    /// With `remembering`: the memo of the outermost remembering union being decoded, this one's when it is.
    private let memo: UnionCaseMemo?

    /// Reads the union's value through a single-value container, so dates, URLs, `Data` and `Decimal` follow the
    /// decoder's strategies as a property's would.
    ///
    /// - Parameters:
    ///   - decoder: The decoder at the union's value.
    ///   - remembering: Keep each case's result at each place in the body while the outermost remembering
    ///   union decodes, and give it again when a case is tried there again (`UnionCaseMemo`). The generated code
    ///   of a union two of whose cases read one part of the value, where the union nests again, passes `true`:
    ///   without it a case that fails after reading that part leaves the next to read it again, at every level,
    ///   and the work doubles with each level the body nests.
    public init(_ decoder: any Decoder, remembering: Bool = false) throws {
        container = try decoder.singleValueContainer()
        codingPath = decoder.codingPath
        memo = remembering ? UnionCaseMemo.current ?? UnionCaseMemo() : nil
    }

    /// The value as `type`, or nil after noting why it does not decode as one. Nil without trying, once a case
    /// failed because the body nests too deep: the body fails to decode then, whatever a later case would read.
    public mutating func decode<T: Decodable>(_ type: T.Type) -> T? {
        guard tooDeep == nil else { return nil }
        let container = container
        do {
            let attempt = {
                if ExactDecimal.rebuilds, let exact = type as? any ExactDecimalValue.Type,
                    let value = try Self.decodeExactly(exact, from: container) as? T
                {
                    return value
                }
                return try container.decode(type)
            }
            return try memo?.result(of: type, at: codingPath, attempt) ?? attempt()
        } catch {
            if tooDeep == nil, let error = error as? DecodingError, LucidRuntime.isNestingError(error) {
                tooDeep = error
            }
            reasons.append(Self.reason(error, type: type, below: codingPath.count))
            return nil
        }
    }

    private static func decodeExactly<T: ExactDecimalValue>(
        _ type: T.Type, from container: any SingleValueDecodingContainer
    ) throws -> T {
        try container.decodeExactly(type)
    }

    /// The error for a value no case decodes: `typeMismatch` at the union, whose description is `expected` and
    /// then each case's reason, in the order tried (`Expected Int or Customer. Int: Expected to decode Int but
    /// found a dictionary instead. Customer: Missing key 'email'.`). When a case failed because the body nests a
    /// type that holds itself deeper than `LucidRuntime.maximumNestingDepth`, that error instead, as it was thrown.
    public func failure<Union>(_ union: Union.Type, expected: String) -> DecodingError {
        if let tooDeep { return tooDeep }
        return DecodingError.typeMismatch(
            union,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: ([expected] + reasons).joined(separator: " ")))
    }

    /// `Customer: Missing key 'email'.`, or with the path below the union `Customer (at address.city): …`.
    private static func reason<T>(_ error: any Error, type: T.Type, below depth: Int) -> String {
        var path: [any CodingKey] = []
        if let error = error as? DecodingError {
            switch error {
            case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                .dataCorrupted(let context):
                path = Array(context.codingPath.dropFirst(depth))
            @unknown default:
                break
            }
        }
        let place = path.isEmpty ? "" : " (at \(path.dottedPath))"
        return "\(String(describing: type))\(place): \(issueMessage(for: error))"
    }
}
