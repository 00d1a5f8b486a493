/// Writes the one file a command names (`openapi --output`, `import-lucid --output`, generate's file lists),
/// under the rule every command keeps: a file that is there is replaced only when it begins with the command's
/// ownership mark — lucid-gen wrote it — and never when it is a link, a folder or a file that cannot be read.
public enum SingleFileWriter {
    /// Why the file at `path` may not be replaced; nil when nothing is there or lucid-gen wrote it.
    public static func clash(at path: String, mark: OwnershipMark) -> FileClash? {
        switch FileCalls.inspect(path, expected: nil, mark: mark) {
        case .missing, .own, .same: return nil
        case .clash(let reason): return FileClash(path: path, reason: reason)
        }
    }

    /// Whether the file at `path` holds exactly `text` (and is lucid-gen's by `mark`).
    public static func holds(_ text: String, at path: String, mark: OwnershipMark) -> Bool {
        var text = text
        return text.withUTF8 { FileCalls.inspect(path, expected: UnsafeRawBufferPointer($0), mark: mark) } == .same
    }

    /// Writes `text` at `path` atomically, creating its missing folders; refuses (writing nothing) when the path
    /// holds something that is not lucid-gen's. The error names the path and the cause in plain words.
    public static func write(
        _ text: String, to path: String, mark: OwnershipMark, command: String
    )
        throws(OutputError)
    {
        if let clash = clash(at: path, mark: mark) {
            if case .notAFolder(let folder, let what) = clash.reason {
                throw OutputError("cannot write '\(path)': '\(folder)' \(what.onTheWay)")
            }
            throw OutputError(
                FileClash.message([clash], command: command, advice: "Move that file, or name another file."))
        }
        try replace(path, with: text)
    }

    /// Writes `text` at `path` atomically, creating its missing folders, once the caller has made sure that what
    /// the path holds is lucid-gen's (`clash(at:mark:)`, or a judgment of its own).
    public static func replace(_ path: String, with text: String) throws(OutputError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folder.isEmpty { try FileCalls.createFolders(folder) }
        var number = 0
        try FileCalls.replace(path, with: text, temporaryNumber: &number)
    }
}
