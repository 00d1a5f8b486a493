// A helper for the transport's memory test (Tests/LucidRuntimeTests/Client/TransportMemoryTests.swift) and for
// `make bench`: it sends one request through `HTTPTransport.urlSession` and reports how much the process's resident
// memory grew, in a process of its own, so that no other test's memory mixes in.
//
//   transport-memory-probe <url> <maxResponseBytes> [<hold seconds>]
//   transport-memory-probe download <base url> <bytes>
//   transport-memory-probe upload <base url> <bytes>
//   transport-memory-probe multipart <base url> <bytes>
//
// Sends a warm-up GET to <url> with `warmup=1` added to its query (the loopback server answers it at once), notes
// the peak resident size, then GETs <url>, waits <hold seconds> (default 1) after the answer, and prints one line
// of JSON:
//
//   {"outcome": "tooLarge" | "returned" | "<error>", "limit": <bytes>, "baseline": <bytes>, "peak": <bytes>,
//    "resident": <bytes, or -1 where unknown>, "seconds": <until the answer>}
//
// The download form (issue 40) downloads <base url>/bytes/<bytes> to a file with `APIClient.download`, after a warm-up
// download of 64 KB, and prints {"outcome": "downloaded" | "<error>", "bytes": <file length>, "baseline", "peak",
// "seconds"}; the file is removed. The upload form writes a file of <bytes> bytes, uploads it to <base url>/sink with
// `APIClient.upload` (after a warm-up upload of 64 KB) and prints the same figures, "bytes" what the server read.
// The multipart form sends the file as the file part of a multipart body (`FileUpload(contentsOf:)`, with a text
// part before it) through `APIClient.send`; "bytes" is what the server read less the parts' framing.
//
// `baseline` and `peak` are the process's peak resident size (VmHWM on Linux, getrusage's ru_maxrss elsewhere) after
// the warm-up and at the end; `resident` the resident size at the end (Linux only), which tells whether the memory
// was let go.
import Foundation
import LucidRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The process's peak resident size so far, in bytes.
func peakResidentBytes() -> Int {
    #if os(Linux)
    // Not getrusage: on Linux its ru_maxrss carries over an exec, so a probe started by a large test runner would
    // start with the runner's peak. VmHWM is this program's own.
    return statusField("VmHWM") ?? -1
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Apple platforms
    #endif
}

/// The process's resident size now, in bytes; -1 where the system does not say cheaply.
func residentBytes() -> Int {
    #if os(Linux)
    return statusField("VmRSS") ?? -1
    #else
    return -1
    #endif
}

#if os(Linux)
/// A field of /proc/self/status given in kB, in bytes.
func statusField(_ name: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
}
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "download" {
    await probeDownload(base: arguments[2], bytes: Int(arguments[3]) ?? 0)
    exit(0)
}
if arguments.count == 4, arguments[1] == "upload" || arguments[1] == "multipart" {
    await probeUpload(base: arguments[2], bytes: Int(arguments[3]) ?? 0, multipart: arguments[1] == "multipart")
    exit(0)
}
guard arguments.count >= 3, let url = URL(string: arguments[1]), let limit = Int(arguments[2]), limit > 0 else {
    fail("usage: transport-memory-probe <url> <maxResponseBytes> [<hold seconds>]")
}
let hold = arguments.count > 3 ? Double(arguments[3]) ?? 1 : 1
guard let warmUp = URL(string: url.absoluteString + (url.query == nil ? "?" : "&") + "warmup=1") else {
    fail("bad url \(url)")
}

// The default session, as `APIClient` uses it unless told otherwise.
let transport = HTTPTransport.urlSession(maxResponseBytes: limit)
do {
    _ = try await transport.send(HTTPRequest(method: .get, url: warmUp, timeout: .seconds(30)))
} catch {
    fail("the warm-up request failed: \(error)")
}
let baseline = peakResidentBytes()
let clock = ContinuousClock()
let start = clock.now
let outcome: String
do {
    _ = try await transport.send(HTTPRequest(method: .get, url: url, timeout: .seconds(60)))
    outcome = "returned"
} catch is ResponseTooLarge {
    outcome = "tooLarge"
} catch {
    outcome = String(describing: error).replacingOccurrences(of: "\"", with: "'")
}
let elapsed = clock.now - start
try? await Task.sleep(for: .seconds(hold))
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(
    #"{"outcome": "\#(outcome)", "limit": \#(limit), "baseline": \#(baseline), "peak": \#(peakResidentBytes()), "#
        + #""resident": \#(residentBytes()), "seconds": \#(seconds)}"#)

/// Downloads `bytes` bytes from the loopback server's `/bytes` route to a temporary file and prints the memory figures.
func probeDownload(base: String, bytes: Int) async {
    enum NoAuth: AuthScheme { static let placement = CredentialPlacement.none }
    let client = APIClient(environments: ServerEnvironments(["loopback": ["local": base]]))
    func resource(_ count: Int) -> DownloadResource<Void, NoAuth> {
        DownloadResource(
            request: BackendResource(
                name: "probe.download", server: "loopback", method: .get, path: ResourcePath("/bytes/\(count)"),
                decodeResponse: { _ in EmptyResponse() }))
    }
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).bin")
    defer { try? FileManager.default.removeItem(at: destination) }
    do {
        _ = try await client.download(resource(65536), with: (), to: destination)
    } catch {
        fail("the warm-up download failed: \(error)")
    }
    await report(done: "downloaded") { try await client.download(resource(bytes), with: (), to: destination).bytes }
}

/// Runs `transfer` (after its warm-up), and prints its outcome (`done`, or the error), the bytes it reports, the
/// peak resident size before and after, and its time.
func report(done: String, _ transfer: () async throws -> Int64) async {
    let baseline = peakResidentBytes()
    let clock = ContinuousClock()
    let start = clock.now
    var outcome = done
    var length: Int64 = 0
    do {
        length = try await transfer()
    } catch {
        outcome = String(describing: error).replacingOccurrences(of: "\"", with: "'")
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
        #"{"outcome": "\#(outcome)", "bytes": \#(length), "baseline": \#(baseline), "peak": \#(peakResidentBytes()), "#
            + #""seconds": \#(seconds)}"#)
}

enum NoAuth: AuthScheme { static let placement = CredentialPlacement.none }
struct Sunk: Decodable, Sendable { var bytes: Int64 }
struct ProbeForm: Encodable, Sendable {
    var title: String
    var file: FileUpload
}

/// Uploads a file of `bytes` bytes to the loopback server's `/sink` route — as the body, or as the file part of a
/// multipart body — and prints the memory figures.
func probeUpload(base: String, bytes: Int, multipart: Bool) async {
    let client = APIClient(environments: ServerEnvironments(["loopback": ["local": base]]))
    let resource = BackendResource<Void, Sunk, NoAuth>(
        name: "probe.upload", server: "loopback", method: .post, path: ResourcePath("/sink"), timeout: .seconds(300),
        decodeResponse: { try JSONDecoder().decode(Sunk.self, from: $0) })
    let boundary = MultipartFormEncoder.boundary()
    let form = BackendResource<ProbeForm, Sunk, NoAuth>(
        name: "probe.multipart", server: "loopback", method: .post, path: ResourcePath("/sink"),
        bodyEncoding: .multipart(boundary: boundary), timeout: .seconds(300),
        encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary) },
        streamBody: { try MultipartFormEncoder.streamed($0, boundary: boundary) },
        decodeResponse: { try JSONDecoder().decode(Sunk.self, from: $0) })
    /// Sends `file` and answers how many of its bytes the server read.
    @Sendable func send(_ file: URL) async throws -> Int64 {
        guard multipart else { return try await client.upload(resource, fromFile: file).bytes }
        let value = ProbeForm(title: "probe", file: FileUpload(contentsOf: file))
        let body = try MultipartFormEncoder.streamed(value, boundary: boundary)
        let framing = body?.pieces.reduce(Int64(0)) { total, piece in
            if case .bytes(let data) = piece { total + Int64(data.count) } else { total }
        }
        return try await client.send(form, with: value).bytes - (framing ?? 0)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    func file(of count: Int) -> URL {
        let url = folder.appendingPathComponent("\(count).bin")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { fail("cannot write \(url.path)") }
        let block = Data(repeating: 0x5A, count: 1 << 20)
        var written = 0
        while written < count {
            let piece = block.prefix(count - written)
            try? handle.write(contentsOf: piece)
            written += piece.count
        }
        try? handle.close()
        return url
    }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let warmUp = file(of: 65536)
    let big = file(of: bytes)
    do {
        _ = try await send(warmUp)
    } catch {
        fail("the warm-up upload failed: \(error)")
    }
    await report(done: "uploaded") { try await send(big) }
}
