#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport

@testable import LucidCodeGen
@testable import LucidOutput

extension SwiftCompiler {
    /// Writes generated `files` flat into `folder` (`Entities/Movie.swift` as `Entities_Movie.swift`), for
    /// `typecheck`.
    static func write(_ files: [GeneratedFile], to folder: URL) throws -> [URL] {
        try files.map { file in
            let url = folder.appendingPathComponent(file.path.replacingOccurrences(of: "/", with: "_"))
            try file.contents.write(to: url, atomically: false, encoding: .utf8)
            return url
        }
    }
}
#endif
