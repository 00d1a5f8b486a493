import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The on-disk side of an ``APIClientQueue``: one JSON file per persisted request in one directory.
///
/// An actor of its own, so file I/O never runs on (and never blocks) the queue's actor.
///
/// - **Names.** `<sequence, 20 digits>-<id>.json`, so sorting the names gives the enqueue order.
/// - **Atomic and durable.** A file is written to a hidden temporary name, flushed to stable storage (on Apple
///   platforms with `F_FULLFSYNC`: a plain `fsync` only reaches the drive's cache there), then renamed into place,
///   and the directory is synced so the rename survives a power cut. A crash leaves no file or a whole one.
/// - **Private.** Files are created with mode 0600 in a directory of mode 0700; on iOS, tvOS, watchOS and
///   visionOS they are protected until the device is first unlocked after a restart
///   (`completeUntilFirstUserAuthentication`: a queue can still send in the background), and the directory is
///   excluded from backups.
/// - **One owner.** The first operation takes an exclusive `flock` on `.lock` in the directory and keeps it
///   until the store is released: a second queue on the same directory, in this process or another, gets
///   ``APIClientQueueError/directoryInUse(path:)`` instead of sending every request a second time.
/// - **Nothing lost silently.** A file whose *content* is not a request — it does not decode, its name does not
///   match it, it is not a regular file — is moved to `SetAside/` and reported
///   (``QueueIssue/setAside(file:reason:)``), never deleted and never re-read. A file that cannot be *read* says
///   nothing about its content: a permission error, data protection before the first unlock (iOS refuses to open
///   a protected file then, with `EPERM`), a busy file, too many open files. It stays where it is, is reported
///   (``QueueIssue/unreadableForNow(file:reason:)``), and the next load tries it again.
actor QueueStore {
    static let fileExtension = "json"
    static let temporaryPrefix = ".tmp-"
    static let lockName = ".lock"
    static let setAsideFolder = "SetAside"
    /// Sequences above this are not ones a queue hands out (it would take 2^63 requests): a file claiming one is
    /// foreign, and is set aside rather than let the next sequence wrap around to 0 and sort before older ones.
    static let largestSequence = UInt64(Int64.max)

    nonisolated let directory: URL
    /// The open `.lock` file holding the directory's exclusive lock; -1 until the first operation.
    private var lockDescriptor: Int32 = -1

    init(directory: URL) {
        self.directory = directory
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// The file of `request`.
    nonisolated func url(for request: QueuedRequest) -> URL {
        directory.appendingPathComponent(Self.fileName(for: request))
    }

    static func fileName(for request: QueuedRequest) -> String {
        let digits = String(request.sequence)
        let padded = String(repeating: "0", count: max(0, 20 - digits.count)) + digits
        return "\(padded)-\(request.id.uuidString).\(fileExtension)"
    }

    // MARK: Ownership

    /// Creates the directory (0700, excluded from backups) and takes its lock, once; every operation starts here.
    func claim() throws(APIClientQueueError) {
        guard lockDescriptor < 0 else { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .fileSystem(path: directory.path, message: String(describing: error))
        }
        excludeFromBackup()
        let path = directory.appendingPathComponent(Self.lockName).path
        let descriptor = FileCalls.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .fileSystem(path: path, message: Self.errnoMessage()) }
        guard Self.lock(descriptor) else {
            close(descriptor)
            throw .directoryInUse(path: directory.path)
        }
        lockDescriptor = descriptor
    }

    /// Takes the exclusive lock of the open `.lock` file, waiting up to ``lockGrace`` for a holder to let go.
    ///
    /// Why wait: on Linux a process being started (`posix_spawn`, `fork` and `exec`) holds a copy of every
    /// descriptor until its `exec` has closed those marked close-on-exec, and its parent already runs by then. A
    /// queue closed and opened again at that moment finds its own lock held for a millisecond or so; another owner
    /// holds it for longer than the grace, and is reported.
    private static func lock(_ descriptor: Int32) -> Bool {
        let deadline = ContinuousClock.now + lockGrace
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    /// How long ``claim()`` waits for the directory's lock before reporting another owner.
    static let lockGrace = Duration.milliseconds(250)

    /// Releases the directory's lock; the next operation takes it again.
    func release() {
        guard lockDescriptor >= 0 else { return }
        close(lockDescriptor)
        lockDescriptor = -1
    }

    private func excludeFromBackup() {
        #if canImport(Darwin)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var folder = directory
        try? folder.setResourceValues(values)
        #endif
    }

    // MARK: Writing

    /// Writes `request` to its file atomically and durably (temporary file, full sync, rename, directory sync).
    func write(_ request: QueuedRequest) throws(APIClientQueueError) {
        try claim()
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(request)
        } catch {
            throw .fileSystem(path: url(for: request).path, message: "cannot encode: \(error)")
        }
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
        try Self.writeDurably(data, to: temporary)
        let destination = url(for: request)
        guard rename(temporary.path, destination.path) == 0 else {
            let message = Self.errnoMessage()
            unlink(temporary.path)
            throw .fileSystem(path: destination.path, message: message)
        }
        Self.syncDirectory(directory)
    }

    /// Creates `url` with mode 0600 and writes `data` to stable storage.
    private static func writeDurably(_ data: Data, to url: URL) throws(APIClientQueueError) {
        let descriptor = FileCalls.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .fileSystem(path: url.path, message: errnoMessage()) }
        defer { close(descriptor) }
        protect(url)
        let written = FileCalls.writeAll(data, to: descriptor)
        guard written, fullSync(descriptor) else {
            let message = errnoMessage()
            unlink(url.path)
            throw .fileSystem(path: url.path, message: message)
        }
    }

    /// Flushes a file to stable storage: `F_FULLFSYNC` on Apple platforms, where `fsync` stops at the drive's
    /// cache (falling back to `fsync` on file systems without it), `fsync` elsewhere.
    private static func fullSync(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Makes a rename in `directory` durable (best effort: not every file system lets a directory be synced).
    private static func syncDirectory(_ directory: URL) {
        let descriptor = FileCalls.open(directory.path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        _ = fullSync(descriptor)
        close(descriptor)
    }

    /// Protects a new file until the device is first unlocked after a restart, on platforms with data protection.
    private static func protect(_ url: URL) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        try? FileManager.default.setAttributes(
            [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: url.path)
        #endif
    }

    /// Deletes the file of `request`, if any.
    func remove(_ request: QueuedRequest) {
        unlink(url(for: request).path)
    }

    /// Deletes every request file in the directory (logout); returns how many.
    func removeAll() throws(APIClientQueueError) -> Int {
        try claim()
        var removed = 0
        for name in requestFileNames() where unlink(directory.appendingPathComponent(name).path) == 0 {
            removed += 1
        }
        Self.syncDirectory(directory)
        return removed
    }

    // MARK: Reading

    /// The names of the files that look like request files, sorted (enqueue order).
    private func requestFileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.hasSuffix("." + Self.fileExtension) }.sorted()
    }

    /// The largest sequence among the request files, read from their names (cheap, no decoding); sequences out of
    /// range are ignored here and set aside by ``load()``.
    func largestSequence() throws(APIClientQueueError) -> UInt64? {
        try claim()
        return requestFileNames()
            .compactMap { name in name.split(separator: "-").first.flatMap { UInt64($0) } }
            .filter { $0 <= Self.largestSequence }
            .max()
    }

    /// Every persisted request, in enqueue order, and what was set aside. Deletes stray temporary files (the
    /// remains of a write a crash interrupted, never a whole request).
    func load() throws(APIClientQueueError) -> (requests: [QueuedRequest], issues: [QueueIssue]) {
        try claim()
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
        var requests: [QueuedRequest] = []
        var issues: [QueueIssue] = []
        for name in names.sorted() where !name.hasPrefix(".") && name != Self.setAsideFolder {
            switch read(name) {
            case .request(let request): requests.append(request)
            case .notARequest(let reason): issues.append(setAside(name, reason: reason))
            case .unreadableForNow(let reason): issues.append(.unreadableForNow(file: name, reason: reason))
            case .gone: break
            }
        }
        return (requests.sorted { $0.sequence < $1.sequence }, issues)
    }

    /// What reading one file of the directory gave.
    enum ReadOutcome: Equatable {
        /// A request to send (or whose answer to deliver).
        case request(QueuedRequest)
        /// Its content is not a request, and will never be one: set it aside.
        case notARequest(String)
        /// It could not be read, for a reason that may pass (permission, data protection, a busy file): leave it
        /// where it is for a later load.
        case unreadableForNow(String)
        /// It was removed between listing and reading (a request cancelled meanwhile): nothing to do.
        case gone
    }

    /// The request in file `name`, or why it is not one, or why it cannot be read now.
    private func read(_ name: String) -> ReadOutcome {
        guard name.hasSuffix("." + Self.fileExtension) else { return .notARequest("not a request file") }
        let path = directory.appendingPathComponent(name).path
        let data: Data
        switch FileCalls.readRegularFile(path) {
        case .success(let contents):
            data = contents
        case .failure(.notRegular):
            return .notARequest("not a request file")
        case .failure(.system(let code)):
            if code == ENOENT { return .gone }
            return .unreadableForNow(Self.readFailureReason(errno: code))
        }
        return Self.decode(data, named: name)
    }

    /// What the bytes of file `name` are: a request, or why they will never be one.
    static func decode(_ data: Data, named name: String) -> ReadOutcome {
        let request: QueuedRequest
        do {
            request = try JSONDecoder().decode(QueuedRequest.self, from: data)
        } catch {
            return .notARequest(data.isEmpty ? "empty" : "not a queued request: \(error)")
        }
        guard request.sequence <= largestSequence else {
            return .notARequest("sequence \(request.sequence) is out of range")
        }
        guard fileName(for: request) == name else { return .notARequest("its name does not match its content") }
        return .request(request)
    }

    /// Why a file could not be read, in words. Any error of opening or reading a regular file counts as "not now":
    /// it tells nothing about the content, and giving up a queued write for it would lose the write. The usual ones
    /// are named after what causes them on a device.
    static func readFailureReason(errno code: Int32) -> String {
        let message = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM:
            return "cannot be read now (\(message)): no permission, or data protection before the first unlock"
        case EBUSY, EAGAIN, EWOULDBLOCK, ETXTBSY:
            return "cannot be read now (\(message)): the file is busy"
        case EMFILE, ENFILE, ENOMEM:
            return "cannot be read now (\(message)): out of resources"
        default:
            return "cannot be read now (\(message))"
        }
    }

    /// Moves file `name` into `SetAside/` (under a fresh name if one is taken) and says so.
    private func setAside(_ name: String, reason: String) -> QueueIssue {
        let folder = directory.appendingPathComponent(Self.setAsideFolder, isDirectory: true)
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var target = folder.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: target.path) {
            target = folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
        }
        let moved = rename(directory.appendingPathComponent(name).path, target.path) == 0
        return .setAside(
            file: name, reason: moved ? reason : "\(reason); could not be moved aside: \(Self.errnoMessage())")
    }

    private static func errnoMessage() -> String {
        String(cString: strerror(errno))
    }
}

/// The POSIX calls the store makes, outside the actor so that its `claim()` and `write(_:)` do not shadow them.
private enum FileCalls {
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        path.withCString { openFile($0, flags, mode) }
    }

    /// Why a file could not be read.
    enum ReadFailure: Error {
        /// It is not a regular file (a folder, a link, a FIFO, a device): never a request.
        case notRegular
        /// `open`, `fstat` or `read` failed with this `errno`.
        case system(Int32)
    }

    /// The whole content of the regular file at `path`. Opened without following a link and without blocking (a
    /// FIFO would wait for a writer), and checked to be a regular file before it is read.
    static func readRegularFile(_ path: String) -> Result<Data, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        guard descriptor >= 0 else {
            // O_NOFOLLOW refuses a symbolic link with ELOOP (EMLINK on FreeBSD-derived systems): not a request.
            return .failure(errno == ELOOP || errno == EMLINK ? .notRegular : .system(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Writes all of `data`, retrying short writes and interruptions; false on an error (`errno` says which).
    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let count = writeBytes(descriptor, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}

// The C functions under names the enum above can call without recursing into itself.
private func openFile(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func readBytes(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
