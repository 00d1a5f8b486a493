import Foundation

/// Where the URLSession transport reports how much of a request's body it has sent: set by `APIClient.upload`
/// around its sends. A task-local value rather than a field of `HTTPRequest`, which apps persist, hash and compare.
final class UploadProgress: Sendable {
    @TaskLocal static var report: UploadProgress?

    /// Told the bytes sent so far.
    let tell: @Sendable (TransferProgress) -> Void

    init(_ tell: @escaping @Sendable (TransferProgress) -> Void) {
        self.tell = tell
    }
}

extension APIClient {
    /// Sends `resource` with the content of `file` as its body, read from disk as it is sent (never held in memory),
    /// and decodes its 2xx response: a photo, a video or an archive to an upload endpoint.
    ///
    /// Everything a call has applies: credentials, one refresh and one more attempt on a 401 (which sends the file
    /// again), middleware, redirects by the transport's rules (a 307 or 308 sends the file again, never to `http`
    /// from `https`), and `.status` with the error payload. The body's `Content-Type` is the resource's
    /// (`bodyEncoding: .raw(contentType:)`, or its headers), else `application/octet-stream`; its `Content-Length`
    /// the file's size. The resource's own body (`encodeBody`) is not sent. A file that cannot be read is `.encoding`
    /// with the reason, and nothing is sent.
    ///
    /// The exchange's deadline is the resource's `timeout` (the spec's `timeout:`), else the client's, else 60 s, for
    /// the whole upload: give an upload endpoint one that fits its largest file on a slow network.
    ///
    /// - Parameters:
    ///   - resource: The upload endpoint: where to send, how to authenticate, and how to decode the answer.
    ///   - file: The file whose content is the body, read as it is sent.
    ///   - progress: Called as the body goes out with the bytes sent and the file's size (by the URLSession
    ///     transport; a transport of your own reports nothing).
    public func upload<Resp, Auth>(
        _ resource: BackendResource<Void, Resp, Auth>, fromFile file: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> Resp {
        let context = ErrorContext(resource, url: url(of: resource))
        let size: Int64
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw context.error(.encoding("the file to upload cannot be read: \(file.path)"), underlying: error)
        }
        var described = try describedRequest(for: resource, with: ())
        described.body = nil
        described.bodyFile = file
        if described.headers["Content-Type"] == nil {
            if case .raw(let contentType) = resource.bodyEncoding {
                described.headers["Content-Type"] = contentType
            } else {
                described.headers["Content-Type"] = "application/octet-stream"
            }
        }
        described.headers["Content-Length"] = String(size)
        let response: HTTPResponse
        do {
            response = try await UploadProgress.$report.withValue(progress.map(UploadProgress.init)) {
                try await sendAuthorized(described, of: resource, context: context)
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw context.mapped(error)
        }
        return try decode(response, of: resource, sent: described)
    }

    /// Sends `described` with the credentials and middleware, refreshing and sending once more on a 401; returns
    /// the 2xx response, or throws its status.
    private func sendAuthorized<Resp, Auth>(
        _ described: HTTPRequest, of resource: BackendResource<Void, Resp, Auth>, context: ErrorContext
    ) async throws(APIError) -> HTTPResponse {
        let (sent, response) = try await sendRefreshingOnce(
            described, auth: Auth.self, context: context, status: \.status
        ) {
            sent throws(APIError) in try await transmit(sent.request, carrying: sent.schemes, of: resource)
        }
        guard (200...299).contains(response.status) else {
            throw statusError(response.status, headers: response.headers, body: response.body, to: sent, of: resource)
        }
        return response
    }
}
