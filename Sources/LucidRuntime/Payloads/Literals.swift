import Foundation

@_spi(Generated) extension URL {
    /// A URL from a literal that lucid-gen validated when it generated the code, so it never fails.
    public init(lucidLiteral text: String) {
        self = URL(string: text) ?? URL(fileURLWithPath: text)
    }
}

@_spi(Generated) extension UUID {
    /// A UUID from a literal that lucid-gen validated when it generated the code, so it never fails.
    public init(lucidLiteral text: String) {
        self = UUID(uuidString: text) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
}
