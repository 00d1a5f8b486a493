// A stand-in for the part of SwiftUI's API that generated clients use (their `EnvironmentValues` entry), with the
// same names and types as Apple's documentation; SwiftUI exists only on Apple platforms. LintMeansCompilesTests
// compiles it as a module named SwiftUI, so the generated `#if canImport(SwiftUI)` code is type-checked on Linux
// too. It proves the code agrees with the documented API, not that a real SwiftUI build accepts it.

/// A key for accessing values in the environment.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// A collection of environment values propagated through a view hierarchy.
public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "EnvironmentValues" }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }
}
