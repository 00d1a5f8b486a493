import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking

/// The delegate queue of `TransferSession`'s session on Linux: runs each delegate callback at once, on the thread
/// that reports it (the session's own serial work queue), instead of as an `Operation` on another thread.
///
/// FoundationNetworking hands every delegate callback to the delegate queue as a block operation, and a data task
/// has three (response, data, completion): with an ordinary `OperationQueue` that is three operations and three
/// thread hops a request, which cost more CPU than everything else the client does (issue 28, `make bench`).
/// FoundationNetworking's own `URLSession.data(for:)` completes inline the same way. The work queue is serial, so
/// the callbacks of a task keep their order. The callbacks of `TransferRouter` and `Transfer` only take a lock,
/// append bytes, resume a continuation, or cancel their task through `cancelFromCallback()`; they never wait for the
/// session.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    // `@unchecked`: no state of its own.

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif

extension URLSessionTask {
    /// Cancels the task from one of its delegate callbacks.
    ///
    /// On Linux the callbacks run on the session's work queue (`InlineDelegateQueue`), and FoundationNetworking's
    /// `cancel()` waits for that queue (`sync`) before Swift 6.4: so the task is cancelled from another thread.
    func cancelFromCallback() {
        #if canImport(FoundationNetworking)
        DispatchQueue.global().async { self.cancel() }
        #else
        cancel()
        #endif
    }
}
