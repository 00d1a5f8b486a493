import Foundation

#if canImport(Glibc)
import Glibc
#endif

// `make bench`: one line per figure. Timings are wall-clock on this machine; run on a quiet machine.
// `lucid-bench client BASE_URL [options]`: APIClient against bare URLSession (`Benchmarks/client_bench.py` runs it
// beside the server it starts); exits 1 when a ratio misses its target.
// `lucid-bench paging BASE_URL [options]`: a PageSequence's time per page against single calls, beside the same
// server; exits 1 when it takes more than 5% longer.
// `lucid-bench stream BASE_URL [options]`: events per second through ResponseStream against a bare URLSession line
// loop, beside the same server; exits 1 under 0.9×.
// `lucid-bench download BASE_URL --bytes N --folder F [options]`: APIClient.download against URLSession.download(for:),
// beside the same server; exits 1 under 0.95×.
//
// The main thread waits on a semaphore rather than being an async main: an async main ends the main thread in
// `dispatch_main`, which valgrind (callgrind, for instruction counts) cannot run. The work runs on the cooperative
// pool, as an app's requests do.

let arguments = Array(CommandLine.arguments.dropFirst())
let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 0
Task.detached {
    do {
        if arguments.first == "client" {
            guard arguments.count > 1 else { throw BenchError("usage: lucid-bench client BASE_URL [options]") }
            let options = try ClientBench.Options(Array(arguments.dropFirst(2)))
            status = try await ClientBench.run(base: arguments[1], options: options) ? 0 : 1
        } else if arguments.first == "paging" {
            guard arguments.count > 1 else { throw BenchError("usage: lucid-bench paging BASE_URL [options]") }
            status = try await PagingBench.run(base: arguments[1], arguments: Array(arguments.dropFirst(2))) ? 0 : 1
        } else if arguments.first == "stream" {
            guard arguments.count > 1 else { throw BenchError("usage: lucid-bench stream BASE_URL [options]") }
            let options = try LoopbackStreamBench.Options(Array(arguments.dropFirst(2)))
            status = try await LoopbackStreamBench.run(base: arguments[1], options: options) ? 0 : 1
        } else if arguments.first == "download" {
            guard arguments.count > 1 else { throw BenchError("usage: lucid-bench download BASE_URL [options]") }
            let options = try DownloadBench.Options(Array(arguments.dropFirst(2)))
            status = try await DownloadBench.run(base: arguments[1], options: options) ? 0 : 1
        } else if arguments.first == "store" {
            try await StoreBench.run()
        } else {
            try await RuntimeBench.run()
            try await StreamBench.run()
            try DecodingBench.run()
            try await StoreBench.run()
        }
    } catch {
        print("lucid-bench: \(error)")
        status = 2
    }
    finished.signal()
}
finished.wait()
exit(status)
