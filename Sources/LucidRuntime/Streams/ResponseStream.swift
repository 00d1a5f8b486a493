import Foundation

/// The items of a streaming endpoint, decoded as they arrive: what a generated business controller and client
/// answer for an endpoint with `stream:` in the spec.
///
/// ```swift
/// for try await chunk in client.streamChatCompletion(request) {
///     text += chunk.choices.first?.delta.content ?? ""
/// }
/// ```
///
/// Nothing is sent until the first `next()`; each iteration opens the stream anew. Every failure is an `APIError`:
/// the request's (credentials, a non-2xx status with its error payload, the network), an item over the resource's
/// `maxItemBytes` (`.tooLarge(limit:)`), an item that does not decode (`.decoding`), the server silent past the
/// idle timeout (`.timeout`). Cancelling the reading task, or leaving the loop, closes the connection at once.
public struct ResponseStream<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = APIError

    private let makeReader: @Sendable () -> any StreamReading<Element>

    /// The stream of `resource` with `request`, opened through `accessor`'s client.
    public init<Req: Sendable, Auth: AuthScheme>(
        _ resource: StreamResource<Req, Element, Auth>, with request: Req, accessor: AuthenticatedAccessor<Auth>
    ) {
        let client = accessor.client
        makeReader = { LiveStreamReader(resource: resource, request: request, client: client) }
    }

    /// The stream of `resource` without a request value.
    public init<Auth: AuthScheme>(
        _ resource: StreamResource<Void, Element, Auth>, accessor: AuthenticatedAccessor<Auth>
    ) {
        self.init(resource, with: (), accessor: accessor)
    }

    /// A stream of `elements`, then its end: for previews and tests.
    public init(elements: [Element]) {
        makeReader = { FixedStreamReader(.success(elements)) }
    }

    /// A stream whose elements `preview` makes (an endpoint's example events), then its end; a preview that throws
    /// fails the first `next()`.
    public init(preview: @escaping @Sendable () throws(APIError) -> [Element]) {
        self.init(playing: preview)
    }

    private init(playing preview: @escaping @Sendable () throws(APIError) -> [Element]) {
        makeReader = {
            do throws(APIError) {
                return FixedStreamReader(.success(try preview()))
            } catch {
                return FixedStreamReader(.failure(error))
            }
        }
    }

    /// A stream that plays `example`, a whole body in the wire format (an endpoint's `example:` file, as `curl -N`
    /// shows it), cut and decoded as a live one is and ended by `terminator`: what a generated preview answers. A
    /// body that does not parse or decode fails the first `next()` with an `APIError` of kind `.decoding`.
    public init(
        example: String, format: StreamFormat, terminator: String? = nil, endpoint: String, method: HTTPMethod,
        decodeItem: @escaping @Sendable (StreamItem) throws -> Element
    ) {
        self.init(playing: { () throws(APIError) in
            // A file's last line end is easily lost (and a generated literal drops it): the example's last event or
            // line is ended here, which adds nothing to a body that ends it already.
            let body = Data((example + (format == .serverSentEvents ? "\n\n" : "\n")).utf8)
            do {
                var elements: [Element] = []
                for item in try StreamItem.items(of: body, format: format) {
                    if let terminator, item.isText(terminator) { break }
                    elements.append(try decodeItem(item))
                }
                return elements
            } catch {
                // The example comes from the spec, not from a server: showing it holds no secret.
                throw APIError.decoding(error, endpoint: endpoint, method: method, body: body, keepingBody: true)
            }
        })
    }

    /// A stream whose first `next()` throws `error`: what an unimplemented client answers.
    public init(failing error: APIError) {
        makeReader = { FixedStreamReader(.failure(error)) }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: makeReader())
    }

    /// Reads the elements one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        let reader: any StreamReading<Element>

        public mutating func next() async throws(APIError) -> Element? {
            try await reader.next()
        }
    }
}

/// What a `ResponseStream`'s iterator reads from.
public protocol StreamReading<Element>: AnyObject {
    /// What the reader yields: the stream's decoded items.
    associatedtype Element
    /// The next element, nil at the end.
    func next() async throws(APIError) -> Element?
}

/// Elements known in advance, or one error.
final class FixedStreamReader<Element>: StreamReading {
    private var outcome: Result<[Element], APIError>
    private var index = 0

    init(_ outcome: Result<[Element], APIError>) {
        self.outcome = outcome
    }

    func next() async throws(APIError) -> Element? {
        switch outcome {
        case .failure(let error):
            outcome = .success([])
            throw error
        case .success(let elements):
            guard index < elements.count else { return nil }
            defer { index += 1 }
            return elements[index]
        }
    }
}
