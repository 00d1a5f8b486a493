/// Where a credential goes on a request.
public enum CredentialPlacement: Sendable, Hashable {
    /// The request is sent without credentials.
    case none
    /// A header such as `Authorization: Bearer <token>`.
    case header(name: String, prefix: String)
    /// A query item such as `api_key=<key>`.
    case query(name: String)
    /// HTTP Basic authentication (RFC 7617): the credential is `user:password`, sent as
    /// `Authorization: Basic <Base64 of its UTF-8>`.
    case basic
}

/// An authentication scheme, used as a phantom type: `BackendResource<_, _, UserAuth>` can only be accessed
/// through an accessor that holds `UserAuth` credentials, checked by the compiler.
///
/// A resource that needs several schemes at once, or accepts one of several, has a combination as its type:
/// ``AllOfAuth`` (every scheme on every request), ``AnyOfAuth`` (alternatives), nested for more than two.
public protocol AuthScheme: Sendable {
    /// Where the credential goes on a request; `.none` for ``NoAuth`` and for combinations, whose schemes place
    /// their own credentials (``alternatives``).
    static var placement: CredentialPlacement { get }
    /// The scheme's stable name: a queued request persists it instead of its credential, and the queue finds the
    /// scheme again by it after a relaunch. Defaults to the module-qualified type name (`Movies.SessionAuth`).
    static var name: String { get }
    /// The sets of schemes a request may carry, in the order `APIClient` tries them: it sends the credentials of
    /// the first set whose every credential the provider has, never part of a set. An empty set means no
    /// credential: chosen only when no other set is covered (authentication is optional). Defaults to the scheme
    /// alone (`[[Self.self]]`), or one empty set for a scheme whose placement is `.none`.
    static var alternatives: [[any AuthScheme.Type]] { get }
}

extension AuthScheme {
    /// The module-qualified type name (`Movies.SessionAuth`): stable as long as the type keeps its name and module.
    public static var name: String { String(reflecting: self) }

    /// The scheme alone, or one empty set (no credential) for a scheme whose placement is `.none`.
    public static var alternatives: [[any AuthScheme.Type]] {
        placement == .none ? [[]] : [[Self.self]]
    }
}

/// No authentication: resources anyone may call.
public enum NoAuth: AuthScheme {
    public static let placement = CredentialPlacement.none
}

/// Two auth schemes (or combinations) on every request: the credentials of both are sent together, and a request
/// whose client lacks either is not sent. `AllOfAuth<ClientIDAuth, AllOfAuth<SecretAuth, TokenAuth>>` sends three.
public enum AllOfAuth<First: AuthScheme, Second: AuthScheme>: AuthScheme {
    /// `.none`: each scheme of ``alternatives`` places its own credential.
    public static var placement: CredentialPlacement { .none }

    /// Each set of `First` with each set of `Second`, in that order.
    public static var alternatives: [[any AuthScheme.Type]] {
        First.alternatives.flatMap { first in Second.alternatives.map { second in first + second } }
    }
}

/// Alternatives: a request carries the credentials of `First` when the client has them all, else those of
/// `Second`. `AnyOfAuth<PATAuth, OAuthAuth>`; `AnyOfAuth<APIKeyAuth, NoAuth>` sends the key when the client has
/// one, and nothing otherwise.
public enum AnyOfAuth<First: AuthScheme, Second: AuthScheme>: AuthScheme {
    /// `.none`: each scheme of ``alternatives`` places its own credential.
    public static var placement: CredentialPlacement { .none }

    /// The sets of `First`, then those of `Second`.
    public static var alternatives: [[any AuthScheme.Type]] {
        First.alternatives + Second.alternatives
    }
}

/// The credentials a resource's requests may carry, read from its auth type's ``AuthScheme/alternatives``: what
/// generated services list per endpoint (`MoviesService.acceptedAuth["movies.details"]`), what
/// ``BackendResource/acceptedAuth`` says, and what an `APIError` of kind `.missingCredential` names.
public struct AcceptedAuth: Sendable, CustomStringConvertible {
    /// The sets of schemes, in the order tried; each is sent together. An empty one is no credential.
    public let alternatives: [[any AuthScheme.Type]]

    /// What requests of `auth` may carry.
    public init(_ auth: any AuthScheme.Type) {
        alternatives = auth.alternatives
    }

    /// Every scheme of every set, once each, in order.
    public var schemes: [any AuthScheme.Type] {
        var seen = Set<ObjectIdentifier>()
        return alternatives.joined().filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Whether a request may go without any credential: no scheme at all (`NoAuth`), or optional authentication
    /// (an empty set).
    public var isOptional: Bool { alternatives.contains(where: \.isEmpty) }

    /// Whether `scheme` is in some set.
    public func accepts(_ scheme: any AuthScheme.Type) -> Bool {
        alternatives.contains { set in set.contains { $0 == scheme } }
    }

    /// The sets in words, by type name: `TokenAuth`, `ClientIDAuth and SecretAuth`, `PATAuth, or OAuthAuth`,
    /// `APIKeyAuth, or none`. Names only, never a credential.
    public var description: String {
        guard !alternatives.isEmpty else { return "nothing" }
        return alternatives.map { set in
            set.isEmpty ? "none" : set.map { String(describing: $0) }.joined(separator: " and ")
        }.joined(separator: ", or ")
    }

    /// Where the credentials of every scheme of every set go, for redaction: a query item named here is never a
    /// parameter of the API (lint refuses that).
    var placements: [CredentialPlacement] { schemes.map { $0.placement } }
}

extension BackendResource {
    /// The credentials requests of this resource may carry (its `Auth` type's alternatives).
    public var acceptedAuth: AcceptedAuth { AcceptedAuth(Auth.self) }
}
