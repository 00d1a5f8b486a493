import Foundation

/// A request body made of pieces in memory and files on disk, read as it is sent: a multipart body whose file
/// parts come from disk (`FileUpload(contentsOf:)`), so that a 1 GB video is never held in memory.
///
/// Only the files' bytes stay on disk: the pieces in memory (a multipart body's part headers and text fields,
/// which may carry a signature or a token) are never written anywhere. Each file's size is taken when the body is
/// made, so the body's `length` is known before it is sent; a file that is shorter when it is read fails the send.
///
/// `HTTPTransport.urlSession` sends it as a stream: with `Content-Length` on Apple platforms; with
/// `Transfer-Encoding: chunked` where Foundation is swift-corelibs-foundation (Linux), whose URLSession sends every
/// stream body chunked. A transport of your own reads it with `makeInputStream()`, or `data()` when memory is no
/// concern.
public struct StreamedBody: Sendable, Hashable, Codable {
    /// One piece of the body.
    public enum Piece: Sendable, Hashable, Codable {
        /// Bytes in memory.
        case bytes(Data)
        /// The first `size` bytes of a file on disk.
        case file(URL, size: Int64)
    }

    /// The pieces, in order.
    public var pieces: [Piece]

    /// Creates a body of `pieces`.
    public init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The body's size in bytes: its `Content-Length`.
    public var length: Int64 {
        pieces.reduce(0) { total, piece in
            switch piece {
            case .bytes(let data): return total + Int64(data.count)
            case .file(_, let size): return total + size
            }
        }
    }

    /// The whole body in memory, the files read: for a transport that cannot stream, or a test.
    ///
    /// - Throws: The error of a file that cannot be read, or `StreamedBodyError` when one is shorter than its size.
    public func data() throws -> Data {
        let reader = StreamedBodyReader(self)
        var whole = Data()
        var buffer = [UInt8](repeating: 0, count: StreamedBodyReader.bufferSize)
        while true {
            let count = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
            guard count > 0 else { return whole }
            whole.append(contentsOf: buffer[..<count])
        }
    }

    /// A new stream of the body from its first byte, read from disk as it is read: what URLSession sends (a stream
    /// cannot be read twice, so a second attempt makes another).
    public func makeInputStream() -> InputStream {
        #if canImport(FoundationNetworking)
        return StreamedBodyInputStream(StreamedBodyReader(self))
        #else
        // Apple's documented way to stream a body: a bound pair, written by a thread of its own as URLSession reads.
        var input: InputStream?
        var output: OutputStream?
        Stream.getBoundStreams(
            withBufferSize: StreamedBodyReader.bufferSize, inputStream: &input, outputStream: &output)
        guard let input, let output else { return InputStream(data: Data()) }
        let pump = StreamedBodyPump(reader: StreamedBodyReader(self), output: output)
        Thread { pump.run() }.start()
        return input
        #endif
    }
}

/// Why a streamed body could not be read.
public struct StreamedBodyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the file.
    public let description: String
}

/// Reads a `StreamedBody` piece after piece, a buffer at a time; the files are opened one at a time and closed
/// once read. Not for concurrent use (each stream has its own).
final class StreamedBodyReader: @unchecked Sendable {
    // `@unchecked`: used by one thread at a time, the one reading the stream.

    /// The most read from a file at once.
    static let bufferSize = 1 << 16

    private var pieces: ArraySlice<StreamedBody.Piece>
    /// What is left of the current piece: the rest of its bytes, or its open file and how much of it is still to go.
    private var current: Current?

    private enum Current {
        case bytes(Data)
        case file(FileHandle, URL, left: Int64)
    }

    init(_ body: StreamedBody) {
        self.pieces = body.pieces[...]
    }

    deinit {
        if case .file(let handle, _, _) = current { try? handle.close() }
    }

    /// Copies the next bytes into `buffer`; returns how many, 0 at the end of the body.
    ///
    /// - Throws: A file's read error, or `StreamedBodyError` when a file ends before its size.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        while true {
            if current == nil {
                guard let piece = pieces.popFirst() else { return 0 }
                current = try Self.open(piece)
            }
            switch current {
            case .bytes(let data):
                guard !data.isEmpty else { break }
                let count = min(buffer.count, data.count)
                _ = data.prefix(count).copyBytes(to: buffer)
                current = .bytes(data.dropFirst(count))
                return count
            case .file(let handle, let url, let left):
                guard left > 0 else {
                    try? handle.close()
                    break
                }
                let chunk = try handle.read(upToCount: Int(min(Int64(buffer.count), left))) ?? Data()
                guard !chunk.isEmpty else {
                    throw StreamedBodyError(description: "\(url.path) ended \(left) bytes before the size it had")
                }
                current = .file(handle, url, left: left - Int64(chunk.count))
                return chunk.copyBytes(to: buffer)
            case nil:
                break
            }
            current = nil
        }
    }

    private static func open(_ piece: StreamedBody.Piece) throws -> Current {
        switch piece {
        case .bytes(let data): return .bytes(data)
        case .file(let url, let size): return .file(try FileHandle(forReadingFrom: url), url, left: size)
        }
    }
}

#if canImport(FoundationNetworking)
/// A `StreamedBody` as the `InputStream` FoundationNetworking reads a body stream from: it calls `read` from its
/// transfer thread until 0, and sends `-1` on as the task's error.
final class StreamedBodyInputStream: InputStream {
    // Read by one thread at a time, FoundationNetworking's transfer.
    private let reader: StreamedBodyReader
    private var status = Stream.Status.notOpen
    private var failure: (any Error)?

    init(_ reader: StreamedBodyReader) {
        self.reader = reader
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { failure }
    override var hasBytesAvailable: Bool { status != .atEnd && status != .error && status != .closed }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        do {
            let count = try reader.read(into: UnsafeMutableBufferPointer(start: buffer, count: length))
            if count == 0 { status = .atEnd }
            return count
        } catch {
            failure = error
            status = .error
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}
#endif

/// Writes a `StreamedBody` into the output end of a bound stream pair, blocking while the pair's buffer is full,
/// until the body ends, the reader fails (the input then ends early, and URLSession fails the task on the short
/// body) or the input end is closed (the task ended).
final class StreamedBodyPump: @unchecked Sendable {
    // `@unchecked`: `run()` is the only user of the reader and the stream, on the pump's own thread.
    private let reader: StreamedBodyReader
    private let output: OutputStream

    init(reader: StreamedBodyReader, output: OutputStream) {
        self.reader = reader
        self.output = output
    }

    /// Pumps the whole body, then closes the output; returns whether every byte went out.
    @discardableResult
    func run() -> Bool {
        output.open()
        defer { output.close() }
        var buffer = [UInt8](repeating: 0, count: StreamedBodyReader.bufferSize)
        while true {
            guard let count = try? buffer.withUnsafeMutableBufferPointer({ try reader.read(into: $0) }) else {
                return false
            }
            guard count > 0 else { return true }
            guard write(buffer, count: count) else { return false }
        }
    }

    private func write(_ buffer: [UInt8], count: Int) -> Bool {
        var written = 0
        while written < count {
            let result = buffer.withUnsafeBufferPointer {
                output.write($0.baseAddress! + written, maxLength: count - written)
            }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}
