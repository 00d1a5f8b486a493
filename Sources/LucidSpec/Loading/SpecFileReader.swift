import Foundation
import LucidSupport

/// Reads spec files and the files they name, refusing what is not a readable regular file of sane size.
enum SpecFileReader {
    /// Specs are hand-written; anything larger is not a spec and would only cost memory and time.
    static let maxFileSize = 16 * 1024 * 1024

    enum Failure: Error {
        case missing, directory, notRegular, kernelFile, tooLarge(Int), unreadable(String)

        func message(for path: String) -> String {
            switch self {
            case .missing: return "'\(path)' does not exist"
            case .directory: return "'\(path)' is a directory, not a spec file"
            case .notRegular: return "'\(path)' is not a regular file"
            case .kernelFile: return "'\(path)' is a kernel file (/proc, /sys), not a spec file"
            case .tooLarge(let size):
                return
                    "'\(path)' is \(Self.megabytes(size)) MB; spec files are limited to \(Self.megabytes(maxFileSize)) MB"
            case .unreadable(let reason): return "cannot read '\(path)': \(reason)"
            }
        }

        private static func megabytes(_ bytes: Int) -> String {
            String(Double(bytes * 10 / (1024 * 1024)) / 10)
        }
    }

    static func read(_ path: String, maxSize: Int = maxFileSize) -> Result<[UInt8], Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return .failure(
                errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(PlainFileErrors.reason(code: errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .failure(.directory)
        case S_IFREG: break
        default: return .failure(.notRegular)
        }
        guard Int(status.st_size) <= maxSize else { return .failure(.tooLarge(Int(status.st_size))) }
        guard !isKernelFile(path) else { return .failure(.kernelFile) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(.unreadable(PlainFileErrors.reason(code: errno)))
        }
        defer { try? handle.close() }
        do {
            // Read at most one byte past the limit: the file may have grown since stat.
            let data = try handle.read(upToCount: maxSize + 1) ?? Data()
            guard data.count <= maxSize else { return .failure(.tooLarge(data.count)) }
            return .success([UInt8](data))
        } catch {
            return .failure(.unreadable(PlainFileErrors.reason(error)))
        }
    }

    /// Whether `path` is in Linux's procfs or sysfs, whose "regular" files report size 0 and may block a reader
    /// forever (`/proc/kmsg`) or never end: never opened, whatever their name or the link that leads there.
    static func isKernelFile(_ path: String) -> Bool {
        #if os(Linux)
        let canonical = canonicalPath(path)
        return canonical.hasPrefix("/proc/") || canonical.hasPrefix("/sys/")
        #else
        return false
        #endif
    }

    /// Whether the path names an existing regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The canonical path (symlinks resolved), used to recognise a file reached twice.
    static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return Paths.normalize(path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
