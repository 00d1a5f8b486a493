import Foundation

/// Encodes values as `multipart/form-data` bodies (RFC 7578), the body of file uploads.
///
/// Each field of the value is a part, named, nested and ordered exactly as `FormURLEncoder` names its fields
/// (`address[city]`, `items[0][price]`, a top-level list as parts of the same name by default; `FormListStyle`):
/// a `FileUpload` is a file part with its file name, content type and raw bytes, anything else a text part with the
/// text a form would send. Parts go in the order the value encodes its fields, a generated struct's declaration
/// order, so a file declared last goes last (S3's presigned POST ignores every field after the file). The boundary
/// goes both in the body and in the `Content-Type` header, so a resource creates one with `boundary()`, gives it to
/// `BodyEncoding.multipart(boundary:)` and encodes its bodies with it (`encode`, or `streamed` for files on disk).
public enum MultipartFormEncoder {
    /// Why a value could not be encoded; the description names the offending field.
    public typealias EncodingFailure = FormURLEncoder.EncodingFailure

    /// A new random boundary, `lucid-` and 32 hexadecimal digits: 128 random bits, so that no content holds it by
    /// chance (`encode` checks anyway), made of characters that need no quoting in the header.
    public static func boundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<32).map { _ in hexDigits[Int.random(in: 0..<16, using: &generator)] }
        return "lucid-" + String(digits)
    }

    /// `value`, an `Encodable` object, as a multipart body delimited by `boundary`, with CRLF line endings:
    ///
    /// ```
    /// --<boundary>
    /// Content-Disposition: form-data; name="title"
    ///
    /// Holiday
    /// --<boundary>
    /// Content-Disposition: form-data; name="photo"; filename="me.png"
    /// Content-Type: image/png
    ///
    /// <bytes>
    /// --<boundary>--
    /// ```
    ///
    /// Text parts have no `Content-Type` and are UTF-8, as browsers send them. In names and file names `"`, CR and
    /// LF are written `%22`, `%0D` and `%0A`, as browsers write them (HTML's form submission algorithm), so that
    /// a name cannot end its header; everything else is left as UTF-8.
    ///
    /// A comma-joined list (`lists: .comma`) is one text part, `a,b`, its values' commas as they are.
    ///
    /// A `FileUpload` of a file on disk (`FileUpload(contentsOf:)`) is read into the body here; `streamed` leaves it
    /// on disk.
    ///
    /// - Throws: `EncodingFailure` when the value is not an object, when `boundary` is not a valid one (1 to 70
    ///   characters of RFC 2046, not ending in a space), when a part's content holds the boundary, when a file's
    ///   content type holds a line break, when a file on disk cannot be read, or when it holds a list `lists`
    ///   cannot send; or what the value's own `encode(to:)` throws.
    public static func encode(
        _ value: some Encodable, boundary: String, lists: FormListStyle = .mixed
    ) throws -> Data {
        let pieces = try pieces(of: value, boundary: boundary, lists: lists)
        if pieces.count == 1, case .bytes(let whole) = pieces[0] { return whole }
        let body = StreamedBody(pieces: pieces)
        do {
            return try body.data()
        } catch {
            throw EncodingFailure(description: "a file to send cannot be read: \(error)")
        }
    }

    /// `value` as `encode` writes it, its files on disk left there to be read as the body is sent (a video of any
    /// size never sits in memory); nil when the value has no such file, so that it is sent as `encode`'s bytes.
    ///
    /// Each file's size is taken now, for the body's length. A file's content is not searched for the boundary,
    /// which would mean reading it twice: the 128 random bits of `boundary()` are what keep it out.
    ///
    /// - Throws: What `encode` throws; a file that is not a regular file that can be read fails here, by name.
    public static func streamed(
        _ value: some Encodable, boundary: String, lists: FormListStyle = .mixed
    ) throws -> StreamedBody? {
        let pieces = try pieces(of: value, boundary: boundary, lists: lists)
        guard pieces.contains(where: { if case .file = $0 { true } else { false } }) else { return nil }
        return StreamedBody(pieces: pieces)
    }

    /// The body's pieces: the bytes of every part, a file on disk as a piece of its own, adjacent bytes joined.
    private static func pieces(
        of value: some Encodable, boundary: String, lists: FormListStyle
    ) throws -> [StreamedBody.Piece] {
        guard isValid(boundary: boundary) else {
            throw EncodingFailure(description: "'\(boundary)' is not a multipart boundary")
        }
        var pieces: [StreamedBody.Piece] = []
        var bytes = Data()
        for field in try FormValue(encoding: value).fields(lists: lists) {
            let (head, file) = try part(field, boundary: boundary)
            bytes.append(head)
            guard let file else { continue }
            pieces.append(.bytes(bytes))
            pieces.append(.file(file, size: try size(of: file, field: field.name)))
            bytes = Data("\r\n".utf8)
        }
        bytes.append(Data("--\(boundary)--\r\n".utf8))
        pieces.append(.bytes(bytes))
        return pieces
    }

    /// The size of the regular file at `url`, sent as the content of `field`.
    private static func size(of url: URL, field: String) throws -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let attributes, (attributes[.type] as? FileAttributeType) == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            FileManager.default.isReadableFile(atPath: url.path)
        else {
            throw EncodingFailure(description: "field '\(field)': \(url.path) is not a file that can be read")
        }
        return size
    }

    /// The `Content-Type` header of a body delimited by `boundary`; the boundary quoted when it has characters
    /// a header parameter cannot hold bare (RFC 2046 allows spaces, `:`, `/`, `?` … in it).
    static func contentType(boundary: String) -> String {
        let bare = boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.'+".contains($0)) }
        return "multipart/form-data; boundary=" + (bare ? boundary : "\"\(boundary)\"")
    }

    // MARK: Parts

    private static let hexDigits = Array("0123456789abcdef")

    /// RFC 2046's `bchars`.
    private static let boundaryCharacters = Set(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")

    private static func isValid(boundary: String) -> Bool {
        (1...70).contains(boundary.count) && boundary.allSatisfy(boundaryCharacters.contains) && boundary.last != " "
    }

    /// One part, from its delimiter line to the CRLF that ends its content; or, for a file on disk, up to its
    /// content, and the file.
    private static func part(_ field: FormField, boundary: String) throws -> (Data, URL?) {
        var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escaped(field.name))\""
        let content: Data
        switch field.content {
        case .text(let text):
            content = Data(text.utf8)
        case .commaSeparated(let texts):
            content = Data(texts.joined(separator: ",").utf8)
        case .file(let file):
            guard !file.contentType.contains(where: \.isNewline) else {
                throw EncodingFailure(description: "field '\(field.name)' has a content type with a line break")
            }
            header += "; filename=\"\(escaped(file.fileName))\"\r\nContent-Type: \(file.contentType)"
            if let onDisk = file.file { return (Data((header + "\r\n\r\n").utf8), onDisk) }
            content = file.data
        }
        guard content.range(of: Data(boundary.utf8)) == nil else {
            throw EncodingFailure(description: "field '\(field.name)' holds the boundary '\(boundary)'")
        }
        return (Data((header + "\r\n\r\n").utf8) + content + Data("\r\n".utf8), nil)
    }

    /// `name` with `"`, CR and LF percent-encoded, as browsers write field and file names.
    private static func escaped(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
