/// A stored value that takes no part in its owner's `==` and `hash(into:)` (`use_for_equality: false` in the
/// spec): a generated struct marks such a property `@EqualityIgnored` and keeps Swift's synthesized `Hashable`,
/// instead of a hand-written `==` and `hash(into:)` listing every other property.
@propertyWrapper
public struct EqualityIgnored<Value: Sendable>: Sendable, Hashable {
    /// The property's value.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Always equal: the value does not count.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Adds nothing: the value does not count.
    public func hash(into hasher: inout Hasher) {}
}
