/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, Codable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"
}
