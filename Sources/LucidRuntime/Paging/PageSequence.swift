import Foundation

/// The pages of a paged endpoint, each its typed response, requested one at a time as iteration needs them.
///
/// Generated business controllers and clients return one per paged endpoint (`discoverPages(...)`); its
/// `items(_:)` is the same list item by item. Iteration throws ``APIError``.
public struct PageSequence<Page: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page
    public typealias Failure = APIError

    /// How many pages a sequence requests when its caller does not say: a server that always has a next page
    /// cannot make an app page forever.
    public static var defaultMaxPages: Int { 100 }

    let makeSource: @Sendable () -> PageSource<Page>

    /// The pages of `first`, found as `paging` says, each sent through `accessor` (`fetch` when the resource is
    /// cached, else `access`); at most `maxPages` pages.
    ///
    /// - Parameters:
    ///   - first: The first page's resource, as a single call would send it.
    ///   - paging: Where a page says the next one is, and when there is none.
    ///   - maxPages: The most pages requested, whatever the server says (0 or less: none).
    ///   - count: The number of items of a page (its list), for the styles that end on an empty or short page or
    ///     advance by the items received; nil when the response has no list.
    ///   - lastIdentifier: The identifier of a page's last item, as sent in a query item (for
    ///     ``Paging/lastItem(parameter:more:)``).
    ///   - accessor: Sends each page with the credential of `Auth`: `client.accessor(for: APIKeyAuth.self)`.
    public init<Auth: AuthScheme>(
        first: BackendResource<Void, Page, Auth>,
        paging: Paging,
        maxPages: Int = Self.defaultMaxPages,
        count: (@Sendable (Page) -> Int)? = nil,
        lastIdentifier: (@Sendable (Page) -> String?)? = nil,
        accessor: AuthenticatedAccessor<Auth>
    ) {
        let resource = first.paged(by: paging)
        makeSource = {
            guard maxPages > 0 else { return PageSource(pages: [], error: nil) }
            let pager = LivePager(
                first: resource, paging: paging, maxPages: maxPages, count: count, lastIdentifier: lastIdentifier,
                accessor: accessor)
            return PageSource(pages: [], error: nil, live: pager)
        }
    }

    /// The given pages, then the end: for previews and tests.
    public init(pages: [Page]) {
        makeSource = { PageSource(pages: pages, error: nil) }
    }

    /// One page, made when iteration asks for it, then the end; iteration throws what `page` throws (a preview
    /// client's page, decoded from the endpoint's `example:`).
    public init(preview page: @escaping @Sendable () throws(APIError) -> Page) {
        makeSource = {
            do throws(APIError) {
                return PageSource(pages: [try page()], error: nil)
            } catch {
                return PageSource(pages: [], error: error)
            }
        }
    }

    /// A sequence whose first step throws `error` (an unimplemented client's).
    public init(failing error: APIError) {
        makeSource = { PageSource(pages: [], error: error) }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(source: makeSource())
    }

    /// Steps through the pages.
    public struct Iterator: AsyncIteratorProtocol {
        var source: PageSource<Page>

        public mutating func next() async throws(APIError) -> Page? {
            try await source.next()
        }
    }

    /// The same pages, each page the server sends put into `store` as it arrives (a business controller's pages,
    /// when it has a store): its stored entities reach every observer while the list is still paging. A page the
    /// response cache answers only fills what the store lacks (`EntityStore.put(_:)` of a `Fetched`).
    public func putting(into store: EntityStore?) -> PageSequence where Page: EntityContaining {
        guard let store else { return self }
        let base = makeSource
        return PageSequence {
            var source = base()
            source.received = { page, fromCache in store.put(Fetched(response: page, isFromCache: fromCache)) }
            return source
        }
    }

    /// The items of every page, in order: `items` picks a page's list.
    public func items<Item: Sendable>(_ items: @escaping @Sendable (Page) -> [Item]) -> ItemSequence<Item> {
        let pages = self
        return ItemSequence {
            var iterator = pages.makeAsyncIterator()
            var buffer: [Item] = []
            var index = 0
            return { () async throws(APIError) -> Item? in
                while index == buffer.count {
                    guard let page = try await iterator.next() else { return nil }
                    buffer = items(page)
                    index = 0
                }
                defer { index += 1 }
                return buffer[index]
            }
        }
    }
}

/// What a ``PageSequence`` iterator draws its pages from.
struct PageSource<Page: Sendable> {
    var pages: [Page]
    var error: APIError?
    /// The live pages of a server, after `pages`.
    var live: (any PageDriver<Page>)?
    /// Told each live page as it arrives, and whether the cache answered it (`PageSequence.putting(into:)`).
    var received: (@Sendable (Page, _ fromCache: Bool) -> Void)?

    mutating func next() async throws(APIError) -> Page? {
        if !pages.isEmpty { return pages.removeFirst() }
        if let live {
            let page = try await live.next()
            if let page, let received { received(page, live.lastPageWasCached) }
            return page
        }
        if let error {
            self.error = nil
            throw error
        }
        return nil
    }
}

/// The items of a paged endpoint's pages, in order (``PageSequence/items(_:)``). Iteration throws ``APIError``.
public struct ItemSequence<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item
    public typealias Failure = APIError

    let makeNext: @Sendable () -> (() async throws(APIError) -> Item?)

    init(makeNext: @escaping @Sendable () -> (() async throws(APIError) -> Item?)) {
        self.makeNext = makeNext
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(step: makeNext())
    }

    /// Steps through the items.
    public struct Iterator: AsyncIteratorProtocol {
        let step: () async throws(APIError) -> Item?

        public mutating func next() async throws(APIError) -> Item? {
            try await step()
        }
    }
}

extension PageSequence {
    /// The same pages, each next one requested as soon as the one before is handed over, so that it arrives while
    /// the caller works on the current page: `for try await page in client.discoverPages().prefetchingNextPage()`.
    ///
    /// At most one page is requested ahead. The bound, the errors and the ends are the sequence's own. Cancelling
    /// the iterating task, or ending the loop, cancels the page requested ahead (a request already sent stays
    /// sent); the next step then throws `.cancelled` or the sequence is simply over.
    public func prefetchingNextPage() -> PageSequence<Page> {
        let base = self
        return PageSequence(makeSource: { PageSource(pages: [], error: nil, live: PrefetchingPager(base: base)) })
    }

    init(makeSource: @escaping @Sendable () -> PageSource<Page>) {
        self.makeSource = makeSource
    }
}

/// Asks its base iterator for the next page as soon as a page is handed over; see
/// ``PageSequence/prefetchingNextPage()``.
final class PrefetchingPager<Page: Sendable>: PageDriver {
    /// The base iterator, used by one task at a time: the one running the request ahead, or none.
    private final class Base: @unchecked Sendable {
        var iterator: PageSequence<Page>.Iterator
        init(_ iterator: PageSequence<Page>.Iterator) { self.iterator = iterator }
    }

    private let base: Base
    private var ahead: Task<Result<Page?, APIError>, Never>?

    init(base: PageSequence<Page>) {
        self.base = Base(base.makeAsyncIterator())
    }

    deinit { ahead?.cancel() }

    /// Unknown here: a store puts the base's pages as they arrive (`putting(into:)` before prefetching, as the
    /// business controllers do), with whether the cache answered each.
    var lastPageWasCached: Bool { false }

    func next() async throws(APIError) -> Page? {
        guard let task = ahead else {
            // Nothing asked for ahead (the first page, or a cancelled iteration): ask in this task, whose
            // cancellation the base sees before it sends anything.
            let page = try await base.iterator.next()
            requestAhead(after: page)
            return page
        }
        ahead = nil
        if Task.isCancelled { task.cancel() }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        let page = try result.get()
        requestAhead(after: page)
        return page
    }

    /// Asks for the page after `page` in a task of its own, unless the sequence ended or the iteration is cancelled.
    private func requestAhead(after page: Page?) {
        guard page != nil, !Task.isCancelled else { return }
        ahead = request()
    }

    /// Starts the request of the next page, in a task of its own (cancelled with this pager).
    private func request() -> Task<Result<Page?, APIError>, Never> {
        let base = self.base
        return Task {
            do throws(APIError) {
                return .success(try await base.iterator.next())
            } catch {
                return .failure(error)
            }
        }
    }
}
