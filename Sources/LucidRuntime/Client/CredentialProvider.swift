import Foundation

/// Supplies the credentials of each auth scheme, and renews them when the server rejects one.
///
/// A struct of closures (the client pattern): the app decides where tokens live and how they are renewed.
///
/// An app whose servers are chosen at run time (the user's own instance, a region, a tenant) keeps a credential per
/// server and makes its provider with `init(perOrigin:refresh:)`: `APIClient` then asks for the credential of the
/// very URL it is about to send to, so a token given for one instance never goes to another, even when the app
/// switches instance while a request is being built or a queued request, made for the old instance, is sent later.
public struct CredentialProvider: Sendable {
    private let credentialHandler: @Sendable (any AuthScheme.Type, URL?) async throws -> String?
    private let refreshHandler: @Sendable (any AuthScheme.Type, URL?) async throws -> Bool
    /// Whether the credentials belong to origins (`init(perOrigin:refresh:)`): refreshes of different servers then
    /// run apart.
    let isPerOrigin: Bool

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
        self.credentialHandler = { scheme, _ in try await credential(scheme) }
        self.refreshHandler = { scheme, _ in try await refresh(scheme) }
        self.isPerOrigin = false
    }

    /// Creates a provider whose credentials belong to origins: the closures get the URL of the request the
    /// credential goes with (its scheme, host and port say which server), and answer for that server only.
    ///
    /// ```swift
    /// CredentialProvider(perOrigin: { scheme, url in await tokens.token(forHost: url.host, port: url.port) })
    /// ```
    ///
    /// - Parameters:
    ///   - credential: The credential for a scheme at the URL's server; nil when there is none (the request then
    ///     fails with `.missingCredential` and is not sent).
    ///   - refresh: Renews the credential of a scheme at the URL's server after a 401; true when a new one is
    ///     available.
    public init(
        perOrigin credential: @escaping @Sendable (any AuthScheme.Type, URL) async throws -> String?,
        refresh: @escaping @Sendable (any AuthScheme.Type, URL) async throws -> Bool = { _, _ in false }
    ) {
        // Asked without a URL (`credential(for:)`), a per-origin provider has no server to answer for.
        self.credentialHandler = { scheme, url in
            guard let url else { return nil }
            return try await credential(scheme, url)
        }
        self.refreshHandler = { scheme, url in
            guard let url else { return false }
            return try await refresh(scheme, url)
        }
        self.isPerOrigin = true
    }

    /// The credential for `scheme`, without the placement's prefix; nil when there is none (and always nil for a
    /// per-origin provider, which needs the URL: `credential(for:at:)`).
    public func credential(for scheme: any AuthScheme.Type) async throws -> String? {
        try await credentialHandler(scheme, nil)
    }

    /// The credential for `scheme` on a request to `url`, without the placement's prefix; nil when there is none.
    public func credential(for scheme: any AuthScheme.Type, at url: URL) async throws -> String? {
        try await credentialHandler(scheme, url)
    }

    /// Renews the credential for `scheme`; true when a new credential is available.
    public func refresh(for scheme: any AuthScheme.Type) async throws -> Bool {
        try await refreshHandler(scheme, nil)
    }

    /// Renews the credential for `scheme` at `url`'s server after it refused one; true when a new one is available.
    public func refresh(for scheme: any AuthScheme.Type, at url: URL) async throws -> Bool {
        try await refreshHandler(scheme, url)
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
