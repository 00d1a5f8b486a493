import Foundation

/// How an endpoint's next page is found: the spec's `paging:` (docs/Spec.md, "Paging").
///
/// Body paths are dotted keys from the response body's root, split into their keys (`["response_metadata",
/// "next_cursor"]`). Query parameter names are the names sent on the wire (`"page"`, `"starting_after"`).
public enum Paging: Sendable, Hashable {
    /// The URL of the `Link` header's `rel="next"` link (RFC 8288), followed as given; no such link ends.
    case linkHeader
    /// A URL in the body at `path`, followed as given; null, absent or empty ends.
    case nextURL(at: [String])
    /// A token in the body at `path`, sent back as the query item `parameter`; null, absent or empty ends.
    case cursor(at: [String], parameter: String)
    /// The identifier of the page's last item, sent as the query item `parameter` while the boolean in the body at
    /// `more` is true (Stripe's `has_more` and `starting_after`); false, absent or an empty page ends.
    case lastItem(parameter: String, more: [String])
    /// The query item `parameter` advanced by the number of items received. Ends on an empty page, at the number in
    /// the body at `total` when given, and on a page shorter than the query item `limit` when given.
    case offset(parameter: String, limit: String?, total: [String]?)
    /// The query item `parameter` advanced by one. Ends on an empty page, and at the page count in the body at
    /// `totalPages` when given.
    case pageNumber(parameter: String, totalPages: [String]?)
}
