import Foundation

/// The text of every long number in a JSON body, by where it is: what lets a `decimal` of more significant digits
/// than a `Double` holds decode exactly where `JSONDecoder` reads decimals through `Double` (``ExactDecimal``).
///
/// Only numbers of more than ``ExactDecimal/shortestTextDigits`` significant digits are kept: a shorter one is
/// rebuilt exactly from its `Double`'s shortest text. The body is scanned on the first lookup, so a body without
/// decimals costs nothing; a body that is not valid JSON keeps the numbers read before the fault (its decode fails
/// anyway).
final class NumberTexts: @unchecked Sendable {
    /// One step of a path: an object's key or an array's index.
    enum Component: Hashable {
        case key(String)
        case index(Int)

        /// The step a decoder's coding key stands for: a key with an integer value is an array index.
        init(_ key: any CodingKey) {
            self = key.intValue.map(Component.index) ?? .key(key.stringValue)
        }
    }

    private let body: Data
    private let lock = NSLock()
    private var table: [[Component]: String]?

    init(body: Data) {
        self.body = body
    }

    /// The text of the long number at `path`, if the body has one there.
    func text(at path: [Component]) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if table == nil { table = body.withUnsafeBytes { NumberTextScanner(bytes: $0).longNumbers() } }
        return table?[path]
    }
}

/// One forward pass over JSON bytes that records where each long number is. Iterative (a stack of containers), so
/// deep nesting cannot overflow the stack; every read is bounds-checked, so malformed input only stops the scan.
struct NumberTextScanner: JSONByteReading {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    /// The path to the value being read: a key is set when its object's member begins, an index when its array's
    /// element does.
    private var path: [NumberTexts.Component] = []
    private var found: [[NumberTexts.Component]: String] = [:]

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The long numbers of the body by path.
    consuming func longNumbers() -> [[NumberTexts.Component]: String] {
        _ = scanValue()
        return found
    }

    /// What a container on the stack is, and whether a member or element was read since it opened.
    private enum Frame {
        case object
        case array(next: Int)
    }

    /// Reads one value and everything in it; false at malformed input.
    private mutating func scanValue() -> Bool {
        var frames: [Frame] = []
        guard beginValue(&frames) else { return false }
        while let frame = frames.last {
            skipWhitespace()
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            switch frame {
            case .object:
                if byte == UInt8(ascii: "}") {
                    index += 1
                    close(&frames)
                    continue
                }
                if byte == UInt8(ascii: ",") { index += 1 }
                skipWhitespace()
                guard let key = try? parseString() else { return false }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                path.append(.key(key))
                guard beginValue(&frames) else { return false }
            case .array(let next):
                if byte == UInt8(ascii: "]") {
                    index += 1
                    close(&frames)
                    continue
                }
                if byte == UInt8(ascii: ",") { index += 1 }
                frames[frames.count - 1] = .array(next: next + 1)
                path.append(.index(next))
                guard beginValue(&frames) else { return false }
            }
        }
        return true
    }

    /// Starts the value at the current index: opens a container (its path step stays until it closes), or
    /// reads a scalar whole and drops its path step.
    private mutating func beginValue(_ frames: inout [Frame]) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            frames.append(.object)
            return true
        case UInt8(ascii: "["):
            index += 1
            frames.append(.array(next: 0))
            return true
        case UInt8(ascii: "\""):
            guard (try? skipString()) != nil else { return false }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            readNumber()
        default:
            // `true`, `false` or `null`: a scanner of numbers need not check which. Anything else is malformed.
            let start = index
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) {
                index += 1
            }
            guard index > start else { return false }
        }
        if !frames.isEmpty { path.removeLast() }
        return true
    }

    /// Ends the innermost container and the path step of the member or element it was.
    private mutating func close(_ frames: inout [Frame]) {
        frames.removeLast()
        if !frames.isEmpty { path.removeLast() }
    }

    /// Reads a number, keeping its text when it has more significant digits than a `Double`'s shortest text holds.
    private mutating func readNumber() {
        let start = index
        var significant = 0
        var leadingZeros = true
        var trailingZeros = 0
        var inExponent = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if !inExponent {
                    if byte == UInt8(ascii: "0") {
                        if !leadingZeros { trailingZeros += 1 }
                    } else {
                        leadingZeros = false
                        significant += trailingZeros + 1
                        trailingZeros = 0
                    }
                }
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"):
                break
            default:
                return record(from: start, significant: significant)
            }
            index += 1
        }
        record(from: start, significant: significant)
    }

    private mutating func record(from start: Int, significant: Int) {
        guard significant > ExactDecimal.shortestTextDigits else { return }
        found[path] = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
}
