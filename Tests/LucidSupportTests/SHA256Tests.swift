import Testing

@testable import LucidSupport

/// The hand-written SHA-256 of generation stamps and imported example files, against FIPS 180-4's vectors.
@Suite struct SHA256Tests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func bytesAddedInPiecesDigestAsOneMessage() {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        var hasher = SHA256()
        // Pieces that straddle the 64-byte blocks.
        hasher.update(Array(message[..<3]))
        hasher.update(Array(message[3..<50]))
        hasher.update(Array(message[50...]))
        let hex = hasher.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == SHA256.hex(of: message))
    }
}
