import Foundation

/// One request a transport sent, what came of it, and how long it took: what an observer of
/// `HTTPTransport.observed(by:)` sees.
public struct HTTPExchange: Sendable {
    /// The request as it went to the transport.
    public var request: HTTPRequest
    /// The response (whatever its status), or the error the transport threw.
    public var result: Result<HTTPResponse, any Error>
    /// From handing the request to the transport until it answered or threw, on a `ContinuousClock`.
    public var duration: Duration

    /// Creates an exchange.
    public init(request: HTTPRequest, result: Result<HTTPResponse, any Error>, duration: Duration) {
        self.request = request
        self.result = result
        self.duration = duration
    }
}

extension HTTPTransport {
    /// This transport, with `observer` called once for every request it sends: with the response or the error,
    /// and the duration. For logging and metrics in an app (see `logged(redacting:to:)`).
    ///
    /// The caller gets exactly what this transport gives: the same response, the same error (a cancellation
    /// stays a cancellation). The observer runs before the caller gets it, so the observer's own `await` is all
    /// it can delay a request by: keep it quick, and hand slow work (uploading metrics) to a task of its own.
    /// It runs for cancelled requests too, in the cancelled task.
    public func observed(by observer: @escaping @Sendable (HTTPExchange) async -> Void) -> HTTPTransport {
        let send = self.send
        return HTTPTransport { request in
            let clock = ContinuousClock()
            let start = clock.now
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(try await send(request))
            } catch {
                result = .failure(error)
            }
            await observer(HTTPExchange(request: request, result: result, duration: start.duration(to: clock.now)))
            return try result.get()
        }
    }

    /// This transport, writing one redacted line per request to `log`:
    /// `POST https://…/movie/603/rating?api_key=REDACTED → 201 (12 ms, 48 bytes)` or
    /// `GET https://…/movie/603 → failed: timed out (1003 ms)`.
    ///
    /// - Parameters:
    ///   - redaction: What to redact; add the API's own credential names with `Redaction.adding(_:)`.
    ///   - log: Where the lines go: `print` by default; pass an `os.Logger` or a test's recorder.
    public func logged(
        redacting redaction: Redaction = .standard, to log: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> HTTPTransport {
        observed { exchange in log(redaction.description(of: exchange)) }
    }
}

extension Redaction {
    /// One line for a log: method, redacted URL, then the status, duration and body size, or why it failed
    /// (with the request's secrets redacted from the error's text, which for a `URLError` includes the URL).
    public func description(of exchange: HTTPExchange) -> String {
        let request = exchange.request
        let head = "\(request.method.rawValue) \(redacted(request.url)) → "
        let milliseconds = Self.milliseconds(exchange.duration)
        switch exchange.result {
        case .success(let response):
            let bytes = response.body.count == 1 ? "1 byte" : "\(response.body.count) bytes"
            return head + "\(response.status) (\(milliseconds) ms, \(bytes))"
        case .failure(let error):
            return head + "failed: \(failureText(error, request: request)) (\(milliseconds) ms)"
        }
    }

    /// Why a request failed, in a few words, on one line, without the request's secrets.
    private func failureText(_ error: any Error, request: HTTPRequest) -> String {
        let text: String
        switch error {
        case TransportError.network(let message): text = "network error: \(message)"
        case TransportError.timedOut: text = "timed out"
        case TransportError.cancelled, is CancellationError: text = "cancelled"
        default: text = String(describing: error)
        }
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return redacted(oneLine, secretsOf: request)
    }

    /// `duration` in whole milliseconds, rounded.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1000 + Int64((Double(parts.attoseconds) / 1e15).rounded())
    }
}

// An exchange printed, interpolated or dumped goes through `Redaction.standard`, like a request: its error could
// otherwise show the URL with its query.
extension HTTPExchange: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The log line of `Redaction.standard.description(of:)`.
    public var description: String { Redaction.standard.description(of: self) }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The request (redacted by its own mirror), the outcome as its log line, and the duration.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["request": request, "outcome": description, "duration": duration], displayStyle: .struct)
    }
}
