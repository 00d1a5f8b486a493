/// Re-indents compact JSON: two spaces, `"key": value`, and `[]` / `{}` for empty containers
/// (Foundation's pretty printer writes empty containers over three lines and `"key" : value`).
enum JSONFormatter {
    static func pretty(_ compact: String) -> String {
        var output = ""
        output.reserveCapacity(compact.utf8.count * 2)
        var depth = 0, inString = false, escaped = false
        let characters = Array(compact)
        var index = 0
        func newline() { output += "\n" + String(repeating: "  ", count: depth) }
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            if inString {
                output.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                output.append(character)
            case "{", "[":
                let closing: Character = character == "{" ? "}" : "]"
                if index + 1 < characters.count, characters[index + 1] == closing {
                    output += String([character, closing])
                    index += 1
                } else {
                    output.append(character)
                    depth += 1
                    newline()
                }
            case "}", "]":
                depth -= 1
                newline()
                output.append(character)
            case ",":
                output.append(character)
                newline()
            case ":":
                output += ": "
            default:
                output.append(character)
            }
        }
        return output
    }
}
