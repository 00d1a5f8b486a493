import Foundation

/// The on-disk side of an ``APIClientQueue``: one JSON file per persisted request in one directory.
///
/// A file is named `<sequence, 20 digits>-<id>.json`, so sorting the directory's names gives the enqueue
/// order. Files are written to a hidden temporary name first, flushed, then renamed into place: a crash
/// leaves either no file or a whole one (a stray temporary file is deleted by ``load()``).
struct QueueStore: Sendable {
    static let fileExtension = "json"
    static let temporaryPrefix = ".tmp-"

    let directory: URL

    /// The file of `request`.
    func url(for request: QueuedRequest) -> URL {
        directory.appendingPathComponent(Self.fileName(for: request))
    }

    static func fileName(for request: QueuedRequest) -> String {
        let digits = String(request.sequence)
        let padded = String(repeating: "0", count: max(0, 20 - digits.count)) + digits
        return "\(padded)-\(request.id.uuidString).\(fileExtension)"
    }

    /// Writes `request` to its file atomically (temporary file, flush, rename).
    func write(_ request: QueuedRequest) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(request)
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
        guard manager.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
        let destination = url(for: request)
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            try? manager.removeItem(at: temporary)
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: destination.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
                ])
        }
    }

    /// Deletes the file of `request`, if any.
    func remove(_ request: QueuedRequest) {
        try? FileManager.default.removeItem(at: url(for: request))
    }

    /// The request files' names, sorted (enqueue order).
    func fileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.hasSuffix("." + Self.fileExtension) }.sorted()
    }

    /// The largest sequence number among the files, read from their names (cheap, no decoding).
    func largestSequence() -> UInt64? {
        fileNames().compactMap { name in name.split(separator: "-").first.flatMap { UInt64($0) } }.max()
    }

    /// Every persisted request, in enqueue order. Deletes stray temporary files; skips (and keeps) files that
    /// do not decode.
    func load() -> [QueuedRequest] {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            try? manager.removeItem(at: directory.appendingPathComponent(name))
        }
        let decoder = JSONDecoder()
        return fileNames().compactMap { name in
            guard let data = manager.contents(atPath: directory.appendingPathComponent(name).path) else { return nil }
            return try? decoder.decode(QueuedRequest.self, from: data)
        }
        .sorted { $0.sequence < $1.sequence }
    }
}
