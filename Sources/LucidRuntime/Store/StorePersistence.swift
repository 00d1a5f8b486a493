import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a persisted table of an `EntityStore` was loaded (`EntityStore.persist(_:in:)`).
public enum StoreLoad: Sendable, Hashable {
    /// The file held this many entities, now in the store.
    case loaded(Int)
    /// There was no file yet: the table starts empty.
    case noFile
    /// The file could not be used and the table starts empty; the reason says why (corrupt, from a newer format,
    /// unreadable for now — iOS keeps protected files shut while the device is locked). The file is replaced at
    /// the next write.
    case discarded(String)
}

/// The file format of a persisted table: one JSON object, written whole to a temporary file and renamed over the
/// last one, so that a reader (or a process killed mid-write) only ever finds a whole file.
struct StoreFile<Entity: StorableEntity & Codable>: Codable {
    /// The format this runtime writes; a file of a greater one is discarded, never misread.
    static var currentFormat: Int { 1 }

    /// `lucid_store`: the format.
    var format: Int
    /// The entity's name, checked on reading (a file renamed by hand is not read as another type).
    var entity: String
    /// The entities, least recently used first.
    var values: [Entity]

    enum CodingKeys: String, CodingKey {
        case format = "lucid_store"
        case entity, values
    }

    /// The file for `Entity` in `directory`.
    static func url(in directory: URL) -> URL {
        directory.appendingPathComponent(Entity.storeName + ".entities.json")
    }

    /// Reads the file in `directory`: its entities, or why there are none.
    static func read(from directory: URL) -> ([Entity], StoreLoad) {
        removeLeftovers(in: directory)
        let url = url(in: directory)
        guard FileManager.default.fileExists(atPath: url.path) else { return ([], .noFile) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return ([], .discarded("\(url.lastPathComponent) cannot be read now: \(error.localizedDescription)"))
        }
        guard let header = try? JSONDecoder().decode(StoreFileHeader.self, from: data) else {
            return ([], .discarded("\(url.lastPathComponent) is not a store file (corrupt or truncated)"))
        }
        guard header.format <= currentFormat else {
            return (
                [],
                .discarded(
                    "\(url.lastPathComponent) has format \(header.format), newer than this app's \(currentFormat)")
            )
        }
        do {
            let file = try JSONDecoder().decode(Self.self, from: data)
            guard file.entity == Entity.storeName else {
                return ([], .discarded("\(url.lastPathComponent) holds '\(file.entity)', not '\(Entity.storeName)'"))
            }
            return (file.values, .loaded(file.values.count))
        } catch {
            return ([], .discarded("\(url.lastPathComponent) could not be decoded: \(error)"))
        }
    }

    /// Writes `values` to the file in `directory`: to a temporary file of its own beside it, renamed over it once
    /// whole. (Not `Data.write(options: .atomic)`, whose temporary files a killed process leaves with names of
    /// Foundation's, which the store could not tell from files it must not remove.)
    static func write(_ values: [Entity], to directory: URL) throws {
        let file = StoreFile(format: currentFormat, entity: Entity.storeName, values: values)
        let data = try JSONEncoder().encode(file)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString)
        do {
            // Not `createFile`: Foundation writes that one through a temporary file of its own.
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url(in: directory).path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// The start of the names of the temporary files the writes use: `.item.entities.json.` and a UUID.
    static var temporaryPrefix: String { "." + Entity.storeName + ".entities.json." }

    /// Removes the temporary files a process killed mid-write left in `directory` (only this type's, by name).
    static func removeLeftovers(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names
        where name.hasPrefix(temporaryPrefix) && UUID(uuidString: String(name.dropFirst(temporaryPrefix.count))) != nil
        {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// The start of every store file, read first: a file of a newer format is told apart from a corrupt one.
struct StoreFileHeader: Decodable {
    var format: Int

    enum CodingKeys: String, CodingKey { case format = "lucid_store" }
}

/// Writes the persisted tables of a store one at a time, off the writers' threads. A write waiting behind another
/// is dropped when a newer snapshot of its table comes: a burst of changes costs one write or two, not one each.
final class StoreWriter: Sendable {
    private let queue = DispatchQueue(label: "LucidRuntime.EntityStore.writer")
    /// The newest snapshot asked for, per table.
    private let latest = LockedValue<[ObjectIdentifier: UInt64]>([:])
    /// Told of a write that failed (a full disk): the store keeps working in memory.
    private let failed: @Sendable (String) -> Void

    init(failed: @escaping @Sendable (String) -> Void) {
        self.failed = failed
    }

    /// Writes `snapshot` of table `key` soon, unless a newer one replaces it first.
    func schedule(_ key: ObjectIdentifier, _ snapshot: @escaping @Sendable () throws -> Void) {
        let generation = latest.withLock { latest -> UInt64 in
            latest[key, default: 0] += 1
            return latest[key, default: 0]
        }
        queue.async { [self] in
            guard latest.withLock({ $0[key] }) == generation else { return }
            do {
                try snapshot()
            } catch {
                failed(String(describing: error))
            }
        }
    }

    /// Waits until every write asked for so far is done.
    func drain() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }
}
