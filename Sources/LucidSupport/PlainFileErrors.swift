import Foundation

/// Errors of the file system in plain words, for messages a user reads: the system's reason for the POSIX error
/// underneath a Foundation error ("permission denied"), never Foundation's own text ("The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)").
public enum PlainFileErrors {
    /// The reason `error` happened, lower-case, to follow a colon.
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(code: Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(code: Int32(underlying.code))
        }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return reason(code: ENOENT)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return reason(code: EACCES)
        case NSFileWriteOutOfSpaceError: return reason(code: ENOSPC)
        case NSFileWriteVolumeReadOnlyError: return reason(code: EROFS)
        default: return "the system refused (error \(error.code))"
        }
    }

    /// `strerror` of `code`, its first letter lower-case: `no such file or directory`.
    public static func reason(code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
