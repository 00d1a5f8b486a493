import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `Data(lenientBase64:)` and the `Data` strategy of `JSONDecoder.payloadDecoder()`.
struct LenientBase64Tests {
    struct Attachment: Decodable, Equatable {
        let content: Data
    }

    /// 100 bytes of every value mod 256, long enough for MIME's 76-character lines to wrap twice.
    let bytes = Data((0..<100).map { UInt8(($0 * 37) % 256) })

    /// `bytes` as MIME base64: lines of 76 characters joined by CRLF (what GitHub's contents API sends, with LF).
    var mime: String {
        let text = bytes.base64EncodedString()
        return stride(from: 0, to: text.count, by: 76).map { start in
            let begin = text.index(text.startIndex, offsetBy: start)
            return String(text[begin..<(text.index(begin, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex)])
        }.joined(separator: "\r\n")
    }

    @Test func readsStandardBase64() {
        #expect(Data(lenientBase64: bytes.base64EncodedString()) == bytes)
        #expect(Data(lenientBase64: "aGk=") == Data("hi".utf8))
        #expect(Data(lenientBase64: "") == Data())
    }

    @Test func readsMIMEBase64WithCRLFEvery76Characters() {
        #expect(mime.contains("\r\n"))
        #expect(mime.split(separator: "\r\n").first?.count == 76)
        #expect(Data(lenientBase64: mime) == bytes)
        #expect(Data(lenientBase64: mime.replacingOccurrences(of: "\r\n", with: "\n") + "\n") == bytes)
    }

    @Test func ignoresSpacesAndTabsAnywhere() {
        #expect(Data(lenientBase64: " aG\tk = ") == Data("hi".utf8))
        #expect(Data(lenientBase64: "a G k =\r\n") == Data("hi".utf8))
    }

    @Test(arguments: ["aGk", "aGk==", "a=Gk", "aG=k", "aGk=aGk=", "aG%k", "aGk=é", "aGk-", "aGk_"])
    func refusesWhatIsNotBase64(text: String) {
        #expect(Data(lenientBase64: text) == nil)
    }

    @Test func thePayloadDecoderReadsMIMEData() throws {
        let json = try JSONEncoder().encode(["content": mime])
        let attachment = try JSONDecoder.payloadDecoder().decode(Attachment.self, from: json)
        #expect(attachment.content == bytes)
        // A plain JSONDecoder refuses the same text: the payload decoder is what makes it work.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Attachment.self, from: json) }
    }

    @Test func aBadCharacterIsNamedWithoutTheValue() throws {
        let secret = "c2VjcmV0LXRva2Vu" + String(repeating: "QUFB", count: 20)
        let json = Data(#"{"content": "\#(secret.prefix(8))*\#(secret.dropFirst(8))"}"#.utf8)
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder.payloadDecoder().decode(Attachment.self, from: json)
        }
        #expect(error?.isDataCorrupted == true)
        #expect(error?.dottedPath == "content")
        #expect(error?.contextDescription == "Expected base64 data, but the character '*' at offset 8 is not base64.")
        #expect(error?.contextDescription.contains(secret.prefix(8)) == false)
    }

    @Test func aControlCharacterIsNamedByItsCodePoint() {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder.payloadDecoder().decode(Attachment.self, from: Data(#"{"content": "aGk\u0000"}"#.utf8))
        }
        #expect(
            error?.contextDescription == "Expected base64 data, but the character U+0000 at offset 3 is not base64.")
    }

    @Test func missingPaddingAndMisplacedPaddingSaySo() {
        let missing = #expect(throws: DecodingError.self) {
            try JSONDecoder.payloadDecoder().decode(Attachment.self, from: Data(#"{"content": "aGk"}"#.utf8))
        }
        #expect(missing?.contextDescription.contains("3 base64 characters are not a multiple of 4") == true)
        let misplaced = #expect(throws: DecodingError.self) {
            try JSONDecoder.payloadDecoder().decode(Attachment.self, from: Data(#"{"content": "a=Gk"}"#.utf8))
        }
        #expect(misplaced?.contextDescription.contains("the padding '=' at offset 1 is not at the end") == true)
    }

    @Test func responsePayloadsUseThePayloadDecoder() throws {
        struct Blob: ResponsePayload, Equatable {
            let content: Data
        }
        let blob = try Blob.decode(from: Data(#"{"content": "aG\nk="}"#.utf8))
        #expect(blob.content == Data("hi".utf8))
    }
}
