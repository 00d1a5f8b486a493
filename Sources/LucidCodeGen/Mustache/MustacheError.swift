/// A template that cannot be parsed, or (from `MustacheTemplate.renderChecked`) rendered.
///
/// `description` reads `name:line:column: message`, with the line and column (1-based, in characters) of the
/// tag at fault.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name the template was created with (a partial's name for errors inside a partial).
    public let templateName: String
    public let line: Int
    public let column: Int
    /// What is wrong, without the location.
    public let message: String

    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error at a UTF-8 byte offset of `source`.
    init(_ message: String, at offset: Int, in source: String, templateName: String) {
        let location = Self.location(of: offset, in: source)
        self.init(templateName: templateName, line: location.line, column: location.column, message: message)
    }

    /// The 1-based line and column (in characters) of a UTF-8 byte offset. Worked out only on the error path,
    /// so parsing never tracks lines.
    static func location(of offset: Int, in source: String) -> (line: Int, column: Int) {
        let utf8 = source.utf8
        let end = utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
        var line = 1
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index < end {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = next
            }
            index = next
        }
        return (line, Substring(utf8[lineStart..<end]).count + 1)
    }

    public var description: String {
        "\(templateName.isEmpty ? "<template>" : templateName):\(line):\(column): \(message)"
    }
}
