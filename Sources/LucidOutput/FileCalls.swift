import Foundation
import LucidSupport

/// The few system calls the output writer makes, called directly: `FileManager` would add an `fsync`, a second
/// rename, `getcwd` and link resolution to every file, three times the calls the work needs (generated files
/// can always be regenerated, so they need no `fsync`). `lucid-gen init` creates its files with `create` too.
package enum FileCalls {
    /// What a path holds compared with the bytes a generated file should have.
    enum Comparison: Equatable {
        /// Nothing is there (or a folder on the way is missing).
        case missing
        /// A regular file with exactly these bytes.
        case same
        /// A regular file with other bytes.
        case different
        /// Something that is not a regular file: a folder, a FIFO, a device.
        case notRegular
    }

    /// Compares the file at `path` with `expected`: one `open` when there is no file; `open`, `fstat` and
    /// `close` when the sizes differ; one `read` more when they match. Opened non-blocking, so a FIFO named like
    /// a generated file is reported instead of blocking the run.
    static func compare(_ path: String, with expected: UnsafeRawBufferPointer) -> Comparison {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .missing }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .missing }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        guard Int(status.st_size) == expected.count else { return .different }
        guard !expected.isEmpty else { return .same }
        let actual = UnsafeMutableRawBufferPointer.allocate(byteCount: expected.count, alignment: 1)
        defer { actual.deallocate() }
        guard readFully(descriptor, into: actual) == expected.count else { return .different }
        return memcmp(actual.baseAddress!, expected.baseAddress!, expected.count) == 0 ? .same : .different
    }

    /// The bytes of the regular file at `path`; nil when there is none, `.notRegular` is thrown for anything else.
    static func contents(of path: String) throws(NotRegularFile) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else { throw NotRegularFile() }
        // One byte more than the size, so the read that finds the end is the same one that fills the file; a
        // file that grows meanwhile is read to its end all the same.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var length = 0
        while true {
            if length == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 4096)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + length, buffer.count - length)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            length += count
        }
        bytes.removeLast(bytes.count - length)
        return bytes
    }

    /// Thrown when a path holds something other than a regular file.
    struct NotRegularFile: Error {}

    /// Writes `bytes` into a new file at `path` (which must not exist: `O_EXCL`), with the usual permissions
    /// (0666 less the umask): `open`, `write` (once for any generated file's size) and `close`. Returns `errno`
    /// on failure, after removing what it created.
    package static func create(_ path: String, bytes: UnsafeRawBufferPointer) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(descriptor)
                unlink(path)
                return failure
            }
            offset += written
        }
        guard close(descriptor) == 0 else {
            let failure = errno
            unlink(path)
            return failure
        }
        return nil
    }

    /// Writes `contents` at `target` through a temporary file beside it and a rename: a reader (or a killed run)
    /// never sees half a file. Four system calls: `open`, `write`, `close`, `rename`. The temporary name is unique
    /// within the run (process id and a counter), and `O_EXCL` refuses a leftover of another run with the same
    /// name (the next counter is tried). The caller has checked that what `target` holds is its to replace.
    package static func replace(_ target: String, with text: String, temporaryNumber: inout Int) throws(OutputError) {
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let prefix = String(target.dropLast(name.count)) + ".\(name).\(processID)."
        var contents = text
        var attempt = 0
        while true {
            temporaryNumber += 1
            let temporary = prefix + "\(temporaryNumber).tmp"
            let failure = contents.withUTF8 { create(temporary, bytes: UnsafeRawBufferPointer($0)) }
            if failure == EEXIST, attempt < 100 {
                attempt += 1
                continue
            }
            if let failure { throw OutputError("cannot write '\(target)': \(reason(failure))") }
            guard rename(temporary, target) == 0 else {
                let why = reason(errno)
                unlink(temporary)
                throw OutputError("cannot write '\(target)': \(why)")
            }
            return
        }
    }

    private static let processID = getpid()

    /// Reads until `buffer` is full or the file ends; the count read, or -1 on an error.
    static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var offset = 0
        while offset < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if count == 0 { break }
            offset += count
        }
        return offset
    }

    /// The message for an `errno` value, to follow a colon: `permission denied`.
    package static func reason(_ code: Int32) -> String { PlainFileErrors.reason(code: code) }
}
