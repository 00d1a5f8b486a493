/// Supplies the credentials of each auth scheme, and renews them when the server rejects one.
///
/// A struct of closures (the client pattern): the app decides where tokens live and how they are renewed.
public struct CredentialProvider: Sendable {
    private let credentialHandler: @Sendable (any AuthScheme.Type) async throws -> String?
    private let refreshHandler: @Sendable (any AuthScheme.Type) async throws -> Bool

    /// Creates a provider from two closures.
    ///
    /// - Parameters:
    ///   - credential: The credential (token, key) for a scheme, without the placement's prefix; nil when there is none.
    ///   - refresh: Renews the credential of a scheme after a 401; true when a new credential is available.
    ///     Concurrent requests rejected together each call it, so coalesce renewals here when that matters.
    public init(
        credential: @escaping @Sendable (any AuthScheme.Type) async throws -> String?,
        refresh: @escaping @Sendable (any AuthScheme.Type) async throws -> Bool = { _ in false }
    ) {
        self.credentialHandler = credential
        self.refreshHandler = refresh
    }

    /// The credential for `scheme`, without the placement's prefix; nil when there is none.
    public func credential(for scheme: any AuthScheme.Type) async throws -> String? {
        try await credentialHandler(scheme)
    }

    /// Renews the credential for `scheme`; true when a new credential is available.
    public func refresh(for scheme: any AuthScheme.Type) async throws -> Bool {
        try await refreshHandler(scheme)
    }

    /// No credentials at all: only unauthenticated resources can be sent.
    public static var none: CredentialProvider {
        CredentialProvider { _ in nil }
    }

    /// The same `credential` for every scheme, never refreshed.
    public static func constant(_ credential: String) -> CredentialProvider {
        CredentialProvider { _ in credential }
    }

    /// The same user and password for every scheme, never refreshed: the `user:password` credential a
    /// `CredentialPlacement.basic` scheme sends. RFC 7617 does not allow a `:` in the user name (the server would
    /// split there).
    public static func basic(user: String, password: String) -> CredentialProvider {
        constant(user + ":" + password)
    }
}
