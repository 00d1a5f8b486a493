import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as it goes over the wire.
public struct HTTPRequest: Sendable, Hashable, Codable {
    /// The request method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields, by name.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// The most the whole exchange may take (connecting, the headers, the body and any redirects), not only the
    /// time between two packets; nil: the transport's default.
    public var timeout: Duration?

    /// Creates a request.
    public init(
        method: HTTPMethod, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// A response as it came over the wire.
public struct HTTPResponse: Sendable, Hashable, Codable {
    /// The status code.
    public var status: Int
    /// The header fields, by name as the server spelled it (look a name up without regard to case).
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a transport could not get a response.
public enum TransportError: Error, Sendable, Hashable {
    /// The network failed (no connection, connection lost, DNS, too many redirects, ...).
    case network(String)
    /// The request's `timeout` passed before the response was complete.
    case timedOut
    /// The calling task was cancelled.
    case cancelled
}

/// Sends requests: URLSession by default, an in-memory handler in tests. A struct of closures (the client
/// pattern), so anything that can answer a request can be a transport.
public struct HTTPTransport: Sendable {
    /// Sends one request and returns its response (any status); throws when there is no response.
    public var send: @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Creates a transport that sends with `send`.
    public init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.send = send
    }

    /// Answers every request with `handler`, without a network: for tests and previews.
    public static func inMemory(
        _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) -> HTTPTransport {
        HTTPTransport(send: handler)
    }

    /// Sends through `session`; cancelling the calling task cancels the request.
    ///
    /// A request's `timeout` bounds the whole exchange (connecting, the headers, the body and any redirects), not
    /// only the time between two packets: a server that drips one byte a second fails with
    /// `TransportError.timedOut` once the timeout has passed.
    public static func urlSession(_ session: URLSession = .shared) -> HTTPTransport {
        HTTPTransport { request in
            try await withTransportDeadline(request.timeout) { try await send(request, through: session) }
        }
    }

    private static func send(_ request: HTTPRequest, through session: URLSession) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        if let timeout = request.timeout {
            let parts = timeout.components
            urlRequest.timeoutInterval = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw TransportError.network("not an HTTP response")
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw TransportError.timedOut
            case .cancelled: throw TransportError.cancelled
            default: throw TransportError.network(error.localizedDescription)
            }
        } catch is CancellationError {
            throw TransportError.cancelled
        }
    }
}
