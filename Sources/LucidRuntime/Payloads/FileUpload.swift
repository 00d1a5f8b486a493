import Foundation

/// A file sent in a multipart body (the spec's `file` type): its bytes, or a file on disk, the name the server is
/// told and their media type.
///
/// `MultipartFormEncoder` sends it as a file part (`filename="me.png"`, `Content-Type: image/png`, the raw bytes).
/// One made with `init(contentsOf:fileName:contentType:)` stays on disk: `APIClient` streams it as the body goes out,
/// never holding it in memory. A form-encoded body cannot carry one and fails to encode; in a JSON body it is an
/// object with the bytes as Base64 (`{"contentType":…,"data":…,"fileName":…}`), the file read for it.
public struct FileUpload: Sendable, Hashable, Codable {
    /// The file's content, sent as it is; empty when the content is `file`.
    public var data: Data
    /// A file on disk whose content is sent instead of `data`, read as it is sent; its path is never sent.
    public var file: URL?
    /// The file name the server is told (`filename=` of the part); only a label, never a path on this device.
    public var fileName: String
    /// The media type of the content, such as `image/png`.
    public var contentType: String

    /// A file in memory; without a content type it is sent as `application/octet-stream`, "some bytes".
    public init(data: Data, fileName: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }

    /// The file at `file` on disk, read only as it is sent (a photo, a video): its last path component is the file
    /// name the server is told unless `fileName` says otherwise.
    public init(contentsOf file: URL, fileName: String? = nil, contentType: String = "application/octet-stream") {
        self.data = Data()
        self.file = file
        self.fileName = fileName ?? file.lastPathComponent
        self.contentType = contentType
    }

    /// The content: `data`, or the whole file read into memory.
    ///
    /// - Throws: The error of a file that cannot be read.
    public func contents() throws -> Data {
        guard let file else { return data }
        return try Data(contentsOf: file)
    }

    private enum CodingKeys: String, CodingKey {
        case data, fileName, contentType
    }

    /// Decodes `{"contentType":…,"data":…,"fileName":…}`, the content in memory.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            data: try container.decode(Data.self, forKey: .data),
            fileName: try container.decode(String.self, forKey: .fileName),
            contentType: try container.decode(String.self, forKey: .contentType))
    }

    /// Encodes `{"contentType":…,"data":…,"fileName":…}` with the content (a file on disk read), never its path.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(try contents(), forKey: .data)
        try container.encode(fileName, forKey: .fileName)
        try container.encode(contentType, forKey: .contentType)
    }
}
