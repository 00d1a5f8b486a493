import Foundation
import LucidSpec
import LucidSupport

/// One parsed description file: its path (as the user would name it) and its JSON, located.
struct DescriptionFile {
    var path: String
    var root: LocatedValue
}

/// The description files of one kind (`Entities`, `Subtypes`, `EndpointPayloads`): every `.json` file below the
/// folder, at any depth, sorted by path so that the output never depends on directory order.
enum DescriptionFiles {
    /// Most bytes a description file may hold (as for a spec file).
    static let maxFileSize = 16 * 1024 * 1024

    /// The parsed files of `kind` in `folder`; files that cannot be read or parsed are reported and left out.
    /// A missing folder holds no files.
    static func read(_ kind: String, in folder: String, diagnostics: ImportDiagnostics) -> [DescriptionFile] {
        let kindFolder = (folder as NSString).appendingPathComponent(kind)
        return paths(in: kindFolder).compactMap { parse($0, diagnostics: diagnostics) }
    }

    /// The `.json` files below `folder`, sorted; hidden files and folders are skipped.
    static func paths(in folder: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: folder)
        else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(".json") { found.append(relative) }
        }
        return found.sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    private static func parse(_ path: String, diagnostics: ImportDiagnostics) -> DescriptionFile? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            return nil  // a folder named like a file, a link to a folder, a FIFO: not a description
        }
        if let size = attributes?[.size] as? Int, size > maxFileSize {
            diagnostics.error("the file is larger than \(maxFileSize) bytes", at: .start(of: path))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.error("cannot read the file", at: .start(of: path))
            return nil
        }
        do {
            return DescriptionFile(path: path, root: LocatedValue(json: try JSONParser.parse(Array(data)), file: path))
        } catch {
            diagnostics.error(error.message, at: error.position.location(in: path))
            return nil
        }
    }
}
