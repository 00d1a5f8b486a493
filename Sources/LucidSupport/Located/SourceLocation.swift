/// A position in a file lucid-gen reads (a spec, an example, an OpenAPI document): 1-based line and column (columns
/// count characters, as libyaml does).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as the user named it (or as an include resolved it), never made absolute.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// A position in `file`; `line` and `column` are 1-based.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The start of a file, for problems that belong to the file as a whole.
    public static func start(of file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    /// `file:line:col`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file path (plain string order), then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
