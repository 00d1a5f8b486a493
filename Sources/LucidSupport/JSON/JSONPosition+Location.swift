extension JSONPosition {
    /// The position as a location in `file`, for a diagnostic about a JSON value read from it.
    package func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: Int(line), column: Int(column))
    }
}
