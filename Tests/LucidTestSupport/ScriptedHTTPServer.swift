// A server on a real socket, for tests that check the bytes a request had on the wire. Built like the other loopback
// tests' servers for macOS and Linux only, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 that keeps every request's raw bytes and answers each with what `respond`
/// returns: where `LoopbackServer` (Python) parses requests before a test sees them, this one shows exactly what
/// URLSession sent — the request line and each header line as written.
///
/// Plain POSIX sockets, one thread per connection, keep-alive honoured, `Content-Length` and chunked request
/// bodies (a stream body on Linux). `stop()` closes everything within a tenth of a second.
public final class ScriptedHTTPServer: @unchecked Sendable {
    // `@unchecked`: the mutable state (`requests`, `stopped`) is only touched while holding `lock`.

    /// One request as it arrived.
    public struct Request: Sendable {
        /// The request line and header lines, each ending in CRLF, and the blank line: the bytes as sent.
        public let head: String
        /// The body (after the head).
        public let body: Data

        /// `GET /path?query HTTP/1.1`.
        public var requestLine: String { head.components(separatedBy: "\r\n").first ?? "" }
        /// The path and query of the request line.
        public var target: String { requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        /// The header lines as sent, without their CRLF.
        public var headerLines: [String] {
            Array(head.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty })
        }

        /// The value of the header `name` in any letter case, as sent (after the `: `).
        public func header(_ name: String) -> String? {
            headerLines.lazy.compactMap { line -> String? in
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].caseInsensitiveCompare(name) == .orderedSame
                else { return nil }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }.first
        }
    }

    /// What to answer.
    public struct Response: Sendable {
        public var status: Int
        /// Header lines in order; `Content-Length` is added for every status that may have a body.
        public var headers: [(String, String)]
        public var body: Data
        /// When set, the body is written step by step instead of `body`, without `Content-Length`, and the
        /// connection closes after the last step (the end of the body).
        public var steps: [Step]?

        /// An answer with `status`, these header lines and `body`.
        public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// An answer whose body is written as `steps` say, then ends with the connection: a streamed body.
        public init(status: Int, headers: [(String, String)] = [], steps: [Step]) {
            self.init(status: status, headers: headers)
            self.steps = steps
        }
    }

    /// One step of a streamed body.
    public enum Step: Sendable {
        /// Writes these bytes.
        case send(Data)
        /// Waits this many seconds.
        case pause(Double)
        /// Writes these bytes again and again, waiting `pause` seconds after each write, until the client closes the
        /// connection or the server stops.
        case repeatForever(Data, pause: Double = 0)
        /// Waits until the client closes the connection or the server stops, sending nothing.
        case hang
    }

    public enum Failure: Error {
        case socket(String)
    }

    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let respond: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var requests: [Request] = []
    private var stopped = false
    private var streamed = 0
    private var closed = 0

    /// Starts listening on a free port; `respond` is called for each request, on the connection's thread.
    public init(respond: @escaping @Sendable (Request) -> Response) throws {
        self.respond = respond
        let socket = Self.makeSocket()
        guard socket >= 0 else { throw Failure.socket("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard bound == 0, named == 0, listen(socket, 64) == 0 else {
            close(socket)
            throw Failure.socket("bind/listen: \(errno)")
        }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    /// Every request received so far, in order.
    public var received: [Request] {
        lock.withLock { requests }
    }

    /// Stops accepting and closes every connection (their threads notice within 100 ms).
    public func stop() {
        lock.withLock { stopped = true }
    }

    private var isStopped: Bool {
        lock.withLock { stopped }
    }

    // MARK: Connections

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            guard Self.waitReadable(listener) else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Self.disableSIGPIPE(connection)
            Thread { [self] in serve(connection) }.start()
        }
    }

    /// Reads requests from `connection` and answers each until the client closes it or the server stops.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = Data()
        while !isStopped {
            if let (request, used) = Self.parse(buffer) {
                buffer.removeFirst(used)
                lock.withLock { requests.append(request) }
                let response = respond(request)
                guard write(Self.encode(response, to: request), to: connection) else { return }
                if let steps = response.steps { return play(steps, on: connection) }
                continue
            }
            guard Self.waitReadable(connection) else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The bytes of streamed bodies written so far, over every connection.
    public var streamedBytes: Int {
        lock.withLock { streamed }
    }

    /// The streamed bodies that ended (their steps done, or the client gone).
    public var closedStreams: Int {
        lock.withLock { closed }
    }

    /// Writes a streamed body; the caller closes the connection after it.
    private func play(_ steps: [Step], on connection: Int32) {
        Self.setSendTimeout(connection)
        defer { lock.withLock { closed += 1 } }
        for step in steps {
            switch step {
            case .send(let data):
                guard write(data, to: connection) else { return }
                lock.withLock { streamed += data.count }
            case .pause(let seconds):
                Thread.sleep(forTimeInterval: seconds)
            case .repeatForever(let data, let pause):
                while !isStopped, write(data, to: connection) {
                    lock.withLock { streamed += data.count }
                    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                }
                return
            case .hang:
                // Until the client closes its end: a read of 0 bytes (or an error) says it did.
                while !isStopped {
                    guard Self.waitReadable(connection) else { continue }
                    var byte: UInt8 = 0
                    if recv(connection, &byte, 1, 0) <= 0 { return }
                }
                return
            }
        }
    }

    private func write(_ data: Data, to connection: Int32) -> Bool {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Self.sendBytes(connection, bytes.baseAddress! + offset, data.count - offset)
            }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK, !isStopped { continue }  // Send timeout.
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    // MARK: HTTP

    /// The first complete request in `buffer` and how many bytes it took, or nil while it is incomplete.
    private static func parse(_ buffer: Data) -> (Request, Int)? {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.upperBound], as: UTF8.self)
        let partial = Request(head: head, body: Data())
        if partial.header("Transfer-Encoding")?.lowercased() == "chunked" {
            guard let (body, used) = dechunked(buffer[end.upperBound...]) else { return nil }
            return (Request(head: head, body: body), end.upperBound - buffer.startIndex + used)
        }
        let length = partial.header("Content-Length").flatMap { Int($0) } ?? 0
        let total = end.upperBound - buffer.startIndex + length
        guard buffer.count >= total else { return nil }
        let body = Data(buffer[end.upperBound..<(end.upperBound + length)])
        return (Request(head: head, body: body), total)
    }

    /// The content of the chunked body at the start of `bytes` and how many bytes its framing took (trailer fields
    /// ignored), or nil while it is incomplete.
    private static func dechunked(_ bytes: Data) -> (Data, Int)? {
        // A body without trailers ends with the last chunk's `0` line and a blank line: until the buffer does, it
        // is not parsed again (once for each piece received, a body of megabytes took quadratic time).
        guard bytes.count >= 5, bytes.suffix(5).elementsEqual("0\r\n\r\n".utf8) else { return nil }
        var body = Data()
        var index = bytes.startIndex
        let lineEnd = Data("\r\n".utf8)
        while true {
            guard let sizeEnd = bytes.range(of: lineEnd, in: index..<bytes.endIndex) else { return nil }
            let sizeLine = String(decoding: bytes[index..<sizeEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else { return nil }
            index = sizeEnd.upperBound
            if size == 0 {
                // Trailer fields, then the blank line.
                while true {
                    guard let end = bytes.range(of: lineEnd, in: index..<bytes.endIndex) else { return nil }
                    defer { index = end.upperBound }
                    if end.lowerBound == index { return (body, end.upperBound - bytes.startIndex) }
                }
            }
            guard bytes.endIndex - index >= size + 2 else { return nil }
            body.append(bytes[index..<(index + size)])
            index += size + 2
        }
    }

    private static func encode(_ response: Response, to request: Request) -> Data {
        var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        // A 304 and a 204 have no body, and must not claim one.
        let bodyless = response.status == 304 || response.status == 204 || (100..<200).contains(response.status)
        if response.steps != nil {
            text += "Connection: close\r\n"
        } else if !bodyless {
            text += "Content-Length: \(response.body.count)\r\n"
        }
        text += "\r\n"
        var data = Data(text.utf8)
        if !bodyless, !request.requestLine.hasPrefix("HEAD ") { data.append(response.body) }
        return data
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 404: "Not Found"
        default: "Status"
        }
    }

    // MARK: Sockets

    private static func makeSocket() -> Int32 {
        #if canImport(Darwin)
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #else
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    /// Writes that wait at most 100 ms, so that a streaming connection whose client stopped reading notices `stop()`.
    private static func setSendTimeout(_ socket: Int32) {
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A peer that closes early must end the write with an error, not the test process with SIGPIPE.
    private static func disableSIGPIPE(_ socket: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.send(socket, bytes, count, 0)
        #else
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    /// Whether `socket` has something to read within 100 ms: short waits, so that `stop()` is noticed.
    private static func waitReadable(_ socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 100) > 0
    }
}
#endif
