import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension APIClient {
    /// Downloads the body `resource` describes with `request` to the file `destination`, writing each piece as it
    /// arrives: the body is never held in memory.
    ///
    /// Everything a call has applies (credentials, a refresh on 401, middleware, `.status` with the error payload).
    /// The body goes to a hidden file beside `destination` and is moved there, replacing any file of that name, only
    /// once it is complete (its `Content-Length`, when the server gave one, is checked); a download that fails or is
    /// cancelled leaves nothing behind. A download that breaks is taken up again (`resource.maxResumptions` times):
    /// from where it broke, with `Range` and `If-Range`, when the server serves ranges and gave a validator; from
    /// the start otherwise, or when the file changed meanwhile (the server answers 200 to the `If-Range`).
    ///
    /// - Parameters:
    ///   - resource: The download: its request, `maxBytes`, `idleTimeout` and `maxResumptions`.
    ///   - request: The value the resource's request is built from (its parameters and body).
    ///   - destination: The file to write; its folder must exist. A file already there is replaced only once the
    ///     download is complete.
    ///   - progress: Called after each piece with the bytes so far and the total when known (on the thread reading
    ///     the body: hop to the main actor to show it).
    public func download<Req, Auth>(
        _ resource: DownloadResource<Req, Auth>, with request: Req, to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> DownloadedFile {
        let context = ErrorContext(resource.request, url: url(of: resource.request))
        let file: PartialFile
        do {
            file = try PartialFile(beside: destination)
        } catch {
            throw context.error(.other("the download could not be written beside \(destination.path): \(error)"))
        }
        do {
            let headers = try await receive(resource, with: request, into: file, progress: progress, context: context)
            try file.commit(to: destination)
            return DownloadedFile(location: destination, bytes: file.length, headers: headers)
        } catch {
            file.discard()
            if let error = error as? APIError { throw error }
            throw context.error(.other("the download could not be written to \(destination.path): \(error)"))
        }
    }

    /// Fills `file` with the body, resuming or restarting after a break; returns the last response's headers.
    private func receive<Req, Auth>(
        _ resource: DownloadResource<Req, Auth>, with request: Req, into file: PartialFile,
        progress: (@Sendable (TransferProgress) -> Void)?, context: ErrorContext
    ) async throws -> HTTPHeaders {
        var resume: DownloadResumption?
        var resumptions = 0
        while true {
            do {
                return try await receiveOnce(
                    resource, with: request, into: file, resume: &resume, progress: progress, context: context)
            } catch let error as APIError where Self.isBreak(error) && resumptions < resource.maxResumptions {
                resumptions += 1
            }
        }
    }

    /// One request of the download: from where `resume` says, else from the start.
    private func receiveOnce<Req, Auth>(
        _ resource: DownloadResource<Req, Auth>, with request: Req, into file: PartialFile,
        resume: inout DownloadResumption?, progress: (@Sendable (TransferProgress) -> Void)?, context: ErrorContext
    ) async throws -> HTTPHeaders {
        // Taken up from where it broke only with a validator, so that a file changed meanwhile starts over.
        let validator = resume?.validator
        let offset = validator != nil && file.length > 0 ? file.length : nil
        let response = try await openStream(resource.request, with: request) { described in
            var described = described
            described.timeout = resource.idleTimeout
            if let offset, let validator {
                described.headers["Range"] = "bytes=\(offset)-"
                described.headers["If-Range"] = validator
            }
            return described
        }
        let expected = try DownloadResumption.start(of: response, asked: offset, file: file, context: context)
        if let limit = resource.maxBytes, let expected, expected > limit {
            response.body.cancel()
            throw context.error(.tooLarge(limit: Int(clamping: limit)))
        }
        resume = DownloadResumption(response.headers)
        progress?(TransferProgress(bytes: file.length, expected: expected))
        let limit = resource.maxBytes
        let tooLarge = context.error(.tooLarge(limit: Int(clamping: limit ?? 0)))
        do {
            // Written as each piece arrives, on the transport's thread: the download goes as fast as the disk takes
            // it, with nothing held between them.
            let (endpoint, method, url) = (context.endpoint, context.method, context.url)
            try await response.body.drain { piece in
                do {
                    try file.append(piece)
                } catch {
                    let message = "the download could not be written beside its destination: \(error)"
                    throw APIError(.other(message), endpoint: endpoint, method: method, url: url, underlying: error)
                }
                if let limit, file.length > limit { throw tooLarge }
                progress?(TransferProgress(bytes: file.length, expected: expected))
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw context.mapped(error)
        }
        if let expected, file.length != expected {
            throw context.error(.network("the download ended at \(file.length) of \(expected) bytes"))
        }
        return response.headers
    }

    /// Whether `error` broke the transfer (taken up again) rather than ended it (a status, a refusal, a cancel).
    private static func isBreak(_ error: APIError) -> Bool {
        switch error.kind {
        case .network, .timeout: !Task.isCancelled
        default: false
        }
    }
}

/// What a download that breaks is taken up with: the validator its server gave, when it also serves ranges.
struct DownloadResumption {
    /// A strong `ETag`, else `Last-Modified`; nil when the server serves no ranges or gave neither.
    var validator: String?

    init(_ headers: HTTPHeaders) {
        let ranges = headers["Accept-Ranges"]?.lowercased().split(separator: ",").contains {
            $0.trimmingCharacters(in: .whitespaces) == "bytes"
        }
        guard ranges == true else { return }
        // A weak ETag (W/"…") cannot validate a range (RFC 9110 §13.1.5).
        if let etag = headers["ETag"], !etag.hasPrefix("W/") {
            validator = etag
        } else {
            validator = headers["Last-Modified"]
        }
    }

    /// Where the body of `response` goes in `file`, and the file's whole length when known: a 206 that starts at
    /// `asked` goes on after what the file holds; anything else (a 200, also to a range request whose file changed)
    /// starts the file over.
    static func start(
        of response: HTTPStreamResponse, asked: Int64?, file: PartialFile, context: ErrorContext
    ) throws -> Int64? {
        let length = response.headers["Content-Length"].flatMap { Int64($0) }
        guard response.status == 206, let asked else {
            try file.restart()
            return length
        }
        guard let range = response.headers["Content-Range"], let (first, total) = parse(range), first == asked else {
            response.body.cancel()
            throw context.error(.network("the server resumed the download elsewhere than at byte \(asked)"))
        }
        return total ?? length.map { asked + $0 }
    }

    /// `bytes 100-199/1000` → (100, 1000); `bytes 100-199/*` → (100, nil).
    static func parse(_ contentRange: String) -> (Int64, Int64?)? {
        let parts = contentRange.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
        let rangeAndTotal = parts[1].split(separator: "/", maxSplits: 1)
        guard let range = rangeAndTotal.first, let dash = range.firstIndex(of: "-"),
            let first = Int64(range[..<dash].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let total = rangeAndTotal.count == 2 ? Int64(rangeAndTotal[1]) : nil
        return (first, total)
    }
}

/// The file a download is written to: hidden beside its destination, moved there when complete, removed otherwise.
final class PartialFile: @unchecked Sendable {
    // `@unchecked`: used by one download at a time, each step after the one before (the body's pieces arrive one
    // after another, on one thread at a time).
    let url: URL
    private let handle: FileHandle
    private(set) var length: Int64 = 0

    /// Creates an empty file beside `destination` (same folder, so the final move is a rename).
    init(beside destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        url = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// Writes `piece` at the end, with `write(2)` straight from its bytes: `FileHandle.write(contentsOf:)` cost a
    /// sixth more per piece in `make bench`'s download.
    func append(_ piece: Data) throws {
        let descriptor = handle.fileDescriptor
        try piece.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
        length += Int64(piece.count)
    }

    /// Empties the file: the body starts over.
    func restart() throws {
        guard length > 0 else { return }
        try handle.truncate(atOffset: 0)
        length = 0
    }

    /// Closes the file and moves it to `destination`, replacing what is there in one step. Not synced to the disk
    /// first (as `URLSession`'s downloads are not): the move already makes the file appear whole to every reader,
    /// and a sync cost about a sixth of a fast download's time (`make bench`).
    func commit(to destination: URL) throws {
        try handle.close()
        guard rename(url.path, destination.path) == 0 else {
            let code = errno
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path, "errno": code])
        }
    }

    /// Removes the file: the download failed or was cancelled.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
