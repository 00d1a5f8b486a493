/// The bytes a render writes, in one growing buffer.
///
/// A render appends hundreds of thousands of short pieces (a line of template text, a name); `Array.append(contentsOf:)`
/// spent more on its generic checks than on copying them. Here an append is a capacity check and a `memcpy`.
/// A class, so that the buffer is freed exactly once, when the render that owns it is done.
final class MustacheOutput {
    private var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text  // a string not stored as UTF-8 (bridged) is made one that is
            text.withUTF8 { append($0) }
        }
    }

    /// The bytes written so far, as a string (they are valid UTF-8: whole strings and cuts of template text at
    /// ASCII delimiters).
    var text: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Makes room for `additional` more bytes, doubling the capacity as often as needed.
    private func reserve(_ additional: Int) {
        guard count + additional > capacity else { return }
        var newCapacity = capacity * 2
        while count + additional > newCapacity { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        UnsafeMutableRawPointer(grown).copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
