import Foundation

/// A file sent in a multipart body (the spec's `file` type): its bytes, the name the server is told and their
/// media type.
///
/// `MultipartFormEncoder` sends it as a file part (`filename="me.png"`, `Content-Type: image/png`, the raw bytes).
/// A form-encoded body cannot carry one and fails to encode; in a JSON body it is an object with the bytes as
/// Base64 (`{"contentType":…,"data":…,"fileName":…}`), its synthesized coding.
public struct FileUpload: Sendable, Hashable, Codable {
    /// The file's content, sent as it is.
    public var data: Data
    /// The file name the server is told (`filename=` of the part); only a label, never a path on this device.
    public var fileName: String
    /// The media type of `data`, such as `image/png`.
    public var contentType: String

    /// A file; without a content type it is sent as `application/octet-stream`, "some bytes".
    public init(data: Data, fileName: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }
}
