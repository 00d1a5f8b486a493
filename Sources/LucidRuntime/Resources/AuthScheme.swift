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
public protocol AuthScheme: Sendable {
    /// Where the credential goes on a request.
    static var placement: CredentialPlacement { get }
    /// The scheme's stable name: a queued request persists it instead of its credential, and the queue finds the
    /// scheme again by it after a relaunch. Defaults to the module-qualified type name (`Movies.SessionAuth`).
    static var name: String { get }
}

extension AuthScheme {
    public static var name: String { String(reflecting: self) }
}

/// No authentication: resources anyone may call.
public enum NoAuth: AuthScheme {
    public static let placement = CredentialPlacement.none
}
