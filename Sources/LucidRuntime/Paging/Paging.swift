import Foundation

/// How an endpoint's next page is found: the spec's `paging:` (docs/Spec.md, "Paging").
///
/// Body paths are dotted keys from the response body's root, split into their keys (`["response_metadata",
/// "next_cursor"]`). Query parameter names are the names sent on the wire (`"page"`, `"starting_after"`); an item of
/// that name the first request has is replaced, else one is appended. Counts, totals, offsets and page numbers are
/// whole numbers. A value of another type than these is ``PagingError/malformed(_:)``; a next URL on another origin
/// ``PagingError/foreignOrigin(_:)``; a position asked for before ``PagingError/repeated(what:)``.
public enum Paging: Sendable, Hashable {
    /// The URL of the `Link` header's `rel="next"` link (RFC 8288), followed as given (a relative one resolved
    /// against the URL its page was requested at); no such link ends.
    case linkHeader
    /// A URL in the body at `path` (a string), followed as given (a relative one resolved against the URL its page
    /// was requested at); null, absent or empty ends.
    case nextURL(at: [String])
    /// A token in the body at `path`, sent back as the query item `parameter`: a string, or a whole number sent as
    /// its digits; null, absent or empty ends.
    case cursor(at: [String], parameter: String)
    /// The identifier of the page's last item, sent as the query item `parameter` while the boolean in the body at
    /// `more` is true (a boolean: Stripe's `has_more` and `starting_after`); false, absent or an empty page ends.
    case lastItem(parameter: String, more: [String])
    /// The query item `parameter` advanced by the number of items received. Ends on an empty page, at the number in
    /// the body at `total` when given, and — when the body has no total — on a page shorter than the query item
    /// `limit`.
    case offset(parameter: String, limit: String?, total: [String]?)
    /// The query item `parameter` advanced by one. Ends on an empty page, and at the page count in the body at
    /// `totalPages` when given.
    case pageNumber(parameter: String, totalPages: [String]?)
}
