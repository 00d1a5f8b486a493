import Foundation

/// A value stored out of line, so that a struct can hold a value of its own type (`Status.reblog: Status?`)
/// or close a cycle through other types: the struct then holds a reference of fixed size instead of the value.
///
/// Generated code marks such a property `@Indirect`; the property keeps its type and its value semantics. The
/// box is immutable and never shared for writing: setting the property stores a new box, so a copy of the
/// owner never sees the change.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// The storage: one immutable value, shared by copies of the owner until one of them sets a new value.
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    /// Stores `wrappedValue` out of line.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The property's value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Equal when the values are: two copies of one value share their box and compare without reading it.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value, as the property would hash unwrapped.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}

extension LucidRuntime {
    /// How deep in a body a value of a type that holds itself (a property stored `@Indirect`, a union's
    /// `indirect` case) may be: its coding path, the keys and list positions from the body's root to it, has at
    /// most this many steps. Real bodies nest a few levels (a boost's boosted status, a comment's parent, an
    /// expression's operands); the limit keeps a hostile body from exhausting the stack, whose size differs by
    /// thread and platform.
    public static let maximumNestingDepth = 100

    /// The error for a `type` nested deeper than `maximumNestingDepth` at `path`, or nil when it is not.
    static func nestingError<T>(_ type: T.Type, at path: [any CodingKey]) -> DecodingError? {
        guard path.count > maximumNestingDepth else { return nil }
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: path,
                debugDescription:
                    "\(T.self) is nested \(path.count) levels deep, deeper than the \(maximumNestingDepth) "
                    + "levels a type that holds itself may be (LucidRuntime.maximumNestingDepth).",
                underlyingError: NestingTooDeep()))
    }

    /// Whether `error` is the one `checkNestingDepth(of:)` throws.
    static func isNestingError(_ error: DecodingError) -> Bool {
        if case .dataCorrupted(let context) = error { return context.underlyingError is NestingTooDeep }
        return false
    }
}

/// Marks the depth error (as its `underlyingError`), so that an untagged union passes it on unchanged.
struct NestingTooDeep: Error {}

@_spi(Generated) extension KeyedDecodingContainer where K == AnyCodingKey {
    /// Refuses to decode a `type` that holds itself nested deeper than `LucidRuntime.maximumNestingDepth`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at this container's coding path, naming the type and the limit.
    public func checkNestingDepth<T>(of type: T.Type) throws {
        if let error = LucidRuntime.nestingError(type, at: codingPath) { throw error }
    }
}

@_spi(Generated) extension Decoder {
    /// Refuses to decode a `type` that holds itself nested deeper than `LucidRuntime.maximumNestingDepth`: a
    /// union with an `indirect` case calls it first, before it reads the discriminator or tries its cases.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at this decoder's coding path, naming the type and the limit.
    public func checkNestingDepth<T>(of type: T.Type) throws {
        if let error = LucidRuntime.nestingError(type, at: codingPath) { throw error }
    }
}
