/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// `GET`: reads; safe to repeat, so deduplicated and cacheable.
    case get = "GET"
    /// `POST`: creates or acts; not deduplicated by default, since two are two actions.
    case post = "POST"
    /// `PUT`: replaces a resource with the body.
    case put = "PUT"
    /// `PATCH`: changes part of a resource.
    case patch = "PATCH"
    /// `DELETE`: removes a resource.
    case delete = "DELETE"
    /// `HEAD`: a `GET` without the body; its headers alone answer.
    case head = "HEAD"
}
