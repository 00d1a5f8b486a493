import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking

/// The delegate queue of the transfers' session on Linux (`TransferSession`): it runs each callback at once, on the
/// thread that adds it — FoundationNetworking's work queue, which reads the response — instead of as an
/// `Operation` on another thread. For two reasons:
///
/// - **Memory.** FoundationNetworking hands each piece of a body it reads (at most libcurl's `CURL_MAX_WRITE_SIZE`,
///   16 KB) to the delegate by adding an operation to the delegate queue, without waiting for it to run. Whenever
///   the delegate's thread gets less CPU time than the reading one (a busy machine, a server faster than the app)
///   those operations pile up, each holding its piece: against an endless body that was hundreds of megabytes to
///   gigabytes waiting, before the delegate had even counted up to the size cap. Run here, the callback is over
///   before libcurl's write callback returns, so libcurl reads the next piece only after the transfer has taken (or
///   dropped) this one.
/// - **CPU.** A data task has three callbacks (response, data, completion): with an ordinary `OperationQueue`, three
///   operations and three thread hops a request, which cost more than everything else the client does
///   (`make bench-client`). FoundationNetworking's own `URLSession.data(for:)` completes inline the same way.
///
/// The work queue is serial, so a task's callbacks keep their order. They must not wait for that queue: a task's
/// `resume()` or `cancel()` waits for it in FoundationNetworking (before Swift 6.4), which is why `Transfer` hands
/// those to a queue of its own; and they hold their locks only briefly.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    // `@unchecked`: no state of its own.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
