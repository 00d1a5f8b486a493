// A helper for the APIClientQueue crash test (Tests/LucidRuntimeTests/Queue): it sends persisted requests to a
// local HTTP server so that the test can kill it midway and check, after a resume, that every request arrived.
//
//   queue-crash-probe send   <directory> <port> <count>   enqueue <count> persisted requests, send them one by one
//   queue-crash-probe resume <directory> <port>           re-send what a killed run left in <directory>
//
// Prints `enqueued <id>` per request, `all-enqueued` once every request is on disk, `issue <kind> <file or id>`
// for each issue a resume reports, and `idle` at the end. Only ever talks to 127.0.0.1.
//
// `--as-user NAME` (last) first drops the probe's root privileges to user NAME's, for the tests that need file
// permissions to hold: root reads any file whatever its mode.
import Foundation
import LucidRuntime

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes `line` to stdout at once (no buffering, so a killed probe has printed everything it did).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// Becomes user `name` for good (group list, group, then user: the order in which each step is still allowed).
func dropPrivileges(to name: String) {
    guard let entry = getpwnam(name) else { fail("no user \(name)") }
    let (uid, gid) = (entry.pointee.pw_uid, entry.pointee.pw_gid)
    guard setgroups(0, nil) == 0, setgid(gid) == 0, setuid(uid) == 0, getuid() == uid else {
        fail("cannot become \(name): \(String(cString: strerror(errno)))")
    }
}

var arguments = CommandLine.arguments
if arguments.count >= 2, arguments[arguments.count - 2] == "--as-user" {
    dropPrivileges(to: arguments[arguments.count - 1])
    arguments.removeLast(2)
}
guard arguments.count >= 4, let port = Int(arguments[3]), (1...65535).contains(port) else {
    fail("usage: queue-crash-probe send|resume <directory> <port> [count]")
}
let mode = arguments[1]
let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)

/// The probe's bearer scheme: its credential must never reach the queue's files.
enum ProbeAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
}

// Each run has its own credential (`token-send`, `token-resume`): a resumed request must carry the current one.
let token = "token-\(mode)"
let client = APIClient(
    environments: ServerEnvironments(["probe": ["local": "http://127.0.0.1:\(port)"]]),
    // No slowing down: the test's server holds a request unanswered, and the probe is killed while it waits.
    transport: HTTPTransport.urlSession(),
    credentials: .constant(token))
let queue = APIClientQueue.sending(
    through: client, name: "crash-probe", directory: directory, maxConcurrent: 1,
    sleep: { try await Task.sleep(for: $0 / 10) })
await queue.register([ProbeAuth.self])

// The results are not looked at, but a handler must listen: an answer nobody received stays on disk.
await queue.addHandler { _, _ in }

let options = QueueOptions(
    order: .concurrent, persist: true, retry: [.network, .timeout, .status(503)], maxAttempts: 5, backoff: 1)

switch mode {
case "send":
    guard arguments.count >= 5, let count = Int(arguments[4]), (1...1000).contains(count) else {
        fail("send needs a count between 1 and 1000")
    }
    for index in 0..<count {
        let itemID = UUID()
        let item = BackendResource<Int, Void, ProbeAuth>(
            name: "probe.item", server: "probe", method: .post, path: ResourcePath("/items/\(index)/\(itemID)"),
            bodyEncoding: .json, timeout: .seconds(10), queue: options,
            encodeBody: { Data(#"{"index":\#($0)}"#.utf8) }, decodeResponse: { _ in })
        do {
            let id = try await client.enqueue(item, with: index, on: queue)
            say("enqueued \(index) \(itemID.uuidString) \(id.uuidString)")
        } catch {
            fail("enqueue failed: \(error)")
        }
    }
    say("all-enqueued")
case "resume":
    let issues: [QueueIssue]
    do {
        issues = try await queue.resumePersisted()
    } catch {
        fail("resume failed: \(error)")
    }
    for issue in issues {
        switch issue {
        case .setAside(let file, _): say("issue set-aside \(file)")
        case .unreadableForNow(let file, _): say("issue unreadable-for-now \(file)")
        case .waiting(let id, _, _): say("issue waiting \(id.uuidString)")
        }
    }
    say("resumed")
default:
    fail("unknown mode \(mode)")
}
await queue.waitUntilIdle()
say("idle")
