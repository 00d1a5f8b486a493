import Foundation
import LucidSpec
import LucidSupport

/// `paging:` guessed from the document, only where it shows it: a `Link` response header, a cursor query item
/// and the body field that feeds it, a next URL in the body, `starting_after` and `has_more`, `offset` and `limit`,
/// `page` and a page size. Each guess carries a comment that says what it was guessed from; lint decides whether it fits (a guess
/// that does not is left out, with a warning), so a guess never makes an import fail.
extension OperationTranslator {
    /// A query item of an endpoint, as converted.
    struct QueryItem {
        /// The spec name (`page_size`) and the wire name (`page-size`).
        var name: String
        var key: String
        var type: String
        var location: SourceLocation
    }

    struct PagingGuess {
        var paging: DraftPaging
        var location: SourceLocation
    }

    /// A name compared loosely: lowercased, without `_`, `-` and `.` (`next_cursor` = `nextCursor`).
    private func loose(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != "." })
    }

    /// The object properties of a response schema whose fields may say how it pages: metadata beside the list
    /// (`response_metadata`, `links`, `pagination`: no list of their own), a page that is the whole body (Spotify's
    /// `/browse/new-releases`, `{albums: {items, next}}`), and a page beside other fields of an endpoint that takes
    /// a page's size or position (`limit`, `offset`, `page`, `cursor`…: `/browse/featured-playlists`, `{message,
    /// playlists}`). Else a page inside the body is a resource's list, not the endpoint's: Spotify's album holds
    /// the first page of its `tracks`, whose `next` is a URL of `/albums/{id}/tracks`, which answers a page of
    /// tracks, not an album.
    private func searchedInside(_ schema: LocatedValue, pages: Bool) -> [String: LocatedValue] {
        let properties = objectProperties(schema).properties
        var inside: [String: LocatedValue] = [:]
        for property in properties {
            guard let value = resolved(property.value), value["properties"] != nil || value["allOf"] != nil else {
                continue
            }
            let holdsList = objectProperties(value).properties.contains {
                resolved($0.value).map { schemas.typeNamesOf($0) == ["array"] } ?? false
            }
            if holdsList && properties.count > 1 && !pages { continue }
            inside[property.key] = value
        }
        return inside
    }

    /// The body fields of a response schema, by dotted path: its properties, and those of its object
    /// properties that may say how it pages (`searchedInside`: `response_metadata.next_cursor`,
    /// `pagination.pageCount`), with their types.
    private func bodyFields(_ schema: LocatedValue, pages: Bool) -> [(path: String, types: Set<String>)] {
        var fields: [(path: String, types: Set<String>)] = []
        let inside = searchedInside(schema, pages: pages)
        for property in objectProperties(schema).properties {
            guard let value = resolved(property.value) else { continue }
            fields.append((property.key, schemas.typeNamesOf(value)))
            guard inside[property.key] != nil else { continue }
            for inner in objectProperties(value).properties {
                guard let innerValue = resolved(inner.value) else { continue }
                fields.append((property.key + "." + inner.key, schemas.typeNamesOf(innerValue)))
            }
        }
        return fields
    }

    /// The one string body field (at the root or one object down) named `next`, `next_url`, `next_uri`, `next_page`,
    /// `next_page_url`, `next_page_uri` (Twilio's, relative), `next_link` or `next_href` that holds a URL: its name
    /// says so (`…url`, `…uri`, `…link`, `…href`), or
    /// its `format` (`uri`, `url`, `uri-reference`), its example (`https://…`, `/…`) or its description (`URL`,
    /// `link`) does. Nil when none is, or several are: only an unambiguous field is a guess.
    private func nextURLField(_ schema: LocatedValue?, pages: Bool) -> (path: String, location: SourceLocation)? {
        guard let schema else { return nil }
        let names = Set(
            ["next", "next_url", "next_uri", "next_page", "next_page_url", "next_page_uri", "next_link", "next_href"]
                .map(loose))
        var found: [(path: String, location: SourceLocation)] = []
        func consider(_ property: LocatedValue.Member, path: String) {
            guard names.contains(loose(property.key)), let value = resolved(property.value),
                schemas.typeNamesOf(value) == ["string"], holdsURL(property.key, value)
            else { return }
            found.append((path, property.keyLocation))
        }
        let inside = searchedInside(schema, pages: pages)
        for property in objectProperties(schema).properties {
            consider(property, path: property.key)
            guard let value = inside[property.key] else { continue }
            for inner in objectProperties(value).properties { consider(inner, path: property.key + "." + inner.key) }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Whether a string field named `name` holds a URL, by what its name, format, example or description say.
    private func holdsURL(_ name: String, _ schema: LocatedValue) -> Bool {
        let lowered = name.lowercased()
        if ["url", "uri", "link", "href"].contains(where: { lowered.hasSuffix($0) }) { return true }
        if let format = schema["format"]?.string, ["uri", "url", "uri-reference", "iri"].contains(format) {
            return true
        }
        if let example = schema["example"]?.string ?? schema["examples"]?.items?.first?.string,
            example.hasPrefix("https://") || example.hasPrefix("http://") || example.hasPrefix("/")
        {
            return true
        }
        let description = schema["description"]?.string ?? ""
        return description.contains("URL") || description.lowercased().contains("link")
            || description.contains("url")
    }

    /// The one field whose last key is among `names` (compared loosely) and whose type is in `types`; nil when none
    /// is, or several are.
    private func field(
        _ fields: [(path: String, types: Set<String>)], named names: [String], types: Set<String>
    ) -> String? {
        let wanted = Set(names.map(loose))
        let found = fields.filter { field in
            let last = field.path.split(separator: ".").last.map(String.init) ?? field.path
            return wanted.contains(loose(last)) && field.types.count == 1 && types.isSuperset(of: field.types)
        }
        return found.count == 1 ? found[0].path : nil
    }

    /// The paging style the document shows for a GET endpoint, with a comment line saying what from.
    func guessPaging(query: [QueryItem], response: ResponseLines) -> PagingGuess? {
        func item(_ keys: [String], type: String? = nil) -> QueryItem? {
            let wanted = Set(keys.map(loose))
            return query.first { wanted.contains(loose($0.key)) && (type == nil || $0.type == type) }
        }
        func guess(_ value: SpecValue, _ source: String, at location: SourceLocation) -> PagingGuess {
            PagingGuess(paging: DraftPaging(value: value, source: source), location: location)
        }
        func flow(_ pairs: [(String, String)]) -> SpecValue {
            .flow(pairs.map { SpecEntry($0.0, .text($0.1)) })
        }
        if let link = response.headers.first(where: { $0.name.lowercased() == "link" }) {
            return guess(.literal("link"), "the response header '\(link.name)'", at: link.location)
        }
        // Whether the endpoint takes a page's size or position: then a page inside its body is its own.
        let pageItems = [
            "limit", "offset", "page", "page_number", "per_page", "page_size", "size", "cursor", "page_token",
            "next_token", "continuation_token", "page_cursor", "starting_after",
        ]
        let pages = item(pageItems) != nil
        let fields = response.schema.map { bodyFields($0, pages: pages) } ?? []
        // The response example (the endpoint's example file) is evidence: a body path it lacks is not guessed.
        let example = response.media.flatMap { exampleValue(of: $0)?.0 }
        func shown(_ path: String) -> Bool { Self.example(example, holds: path) }
        // A cursor: the query item and the body field that feeds it.
        let cursorNames = ["cursor", "page_token", "next_token", "continuation_token", "page_cursor"]
        if let cursor = item(cursorNames, type: "string"),
            let path = field(
                fields, named: ["next_" + cursor.key, "next_cursor", "next_page_token", "next_token"],
                types: ["string"]), shown(path)
        {
            return guess(
                flow([("cursor", path), ("query", cursor.name)]),
                "the query item '\(cursor.key)' and the body's '\(path)'", at: cursor.location)
        }
        // A next URL: one string body field `next` (`next_url`, `links.next`, …) that holds a URL. It tells the
        // next page better than any query item (the server computes it), so it comes before `offset` and `page`.
        if let next = nextURLField(response.schema, pages: pages), shown(next.path) {
            return guess(
                flow([("next_url", next.path)]),
                "the body's '\(next.path)', a URL", at: next.location)
        }
        if let after = item(["starting_after"], type: "string"),
            let more = field(fields, named: ["has_more"], types: ["boolean"]), shown(more)
        {
            return guess(
                flow([("last_item", after.name), ("more", more)]),
                "the query item '\(after.key)' and the body's '\(more)'", at: after.location)
        }
        // A position and a size, with the body's total (`total` names its spec key) when the body shows one.
        func counted(
            _ pairs: [(String, String)], _ position: QueryItem, _ size: QueryItem, total: String, in names: [String]
        )
            -> PagingGuess
        {
            var pairs = pairs
            var source = "the query items '\(position.key)' and '\(size.key)'"
            if let path = field(fields, named: names, types: ["integer"]), shown(path) {
                pairs.append((total, path))
                source += " and the body's '\(path)'"
            }
            return guess(flow(pairs), source, at: position.location)
        }
        if let offset = item(["offset"], type: "int"), let limit = item(["limit"], type: "int") {
            return counted(
                [("offset", offset.name), ("limit", limit.name)], offset, limit, total: "total",
                in: ["total", "total_count", "total_results"])
        }
        if let page = item(["page", "page_number"], type: "int"),
            let size = item(["per_page", "page_size", "limit", "size"], type: "int")
        {
            return counted(
                [("page", page.name)], page, size, total: "total_pages", in: ["total_pages", "page_count", "pages"])
        }
        return nil
    }

    /// Whether `example` holds the dotted body `path` (`meta.total_pages`); true without an example object, which
    /// shows nothing either way.
    static func example(_ example: LocatedValue?, holds path: String) -> Bool {
        guard var node = example, node.members != nil else { return true }
        for key in path.split(separator: ".").map(String.init) {
            guard let members = node.members else { return false }
            guard let value = members.first(where: { $0.key == key })?.value else { return false }
            node = value
        }
        return true
    }
}
