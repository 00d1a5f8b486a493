import Foundation

#if canImport(Glibc)
import Glibc
#endif

// `make bench`: one line per figure. Timings are wall-clock on this machine; run on a quiet machine.
//
// The main thread waits on a semaphore rather than being an async main: an async main ends the main thread in
// `dispatch_main`, which valgrind (callgrind, for instruction counts) cannot run. The work runs on the cooperative
// pool, as an app's requests do.

let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 0
Task.detached {
    do {
        try await RuntimeBench.run()
        try DecodingBench.run()
    } catch {
        print("lucid-bench: \(error)")
        status = 2
    }
    finished.signal()
}
finished.wait()
exit(status)
