// This file is compiled into LucidRuntime and into LucidSpec (Sources/LucidSpec/Model/ServerURLGrammar.swift is a
// link to it), so that lint and the running app check a server variable's value by the same rules. Pure Swift: the
// runtime's platform floor and both targets' imports hold for it as it is.

/// A server's base URL template (`https://{instance}`, `https://{region}.api.example.com/{version}`): its pieces,
/// the role each `{variable}` plays, and the check of a value for that role.
///
/// A value can never change what the template fixes: the scheme, userinfo (none), a port where the template has
/// none, the path's segments, a query or a fragment. By role:
/// - `authority` (`https://{instance}`, the variable is all between `//` and the path): a host name
///   (`mastodon.social`), an IPv4 address or an IPv6 address in brackets (`[::1]`), optionally with `:port`;
/// - `host` (`http://{host}:8080`): the same without a port;
/// - `hostLabel` (`https://{region}.api.example.com`): letters, digits and `-`, one label (no `.`);
/// - `port` (`https://api.example.com:{port}`): a number from 1 to 65535;
/// - `pathSegment` (`https://example.com/api/{version}`): letters, digits and `-._~`, not `.` or `..`.
/// Values are ASCII (a host name in its punycode form, `xn--…`), never empty, and taken as given: nothing is
/// trimmed, decoded or encoded.
struct ServerURLGrammar: Sendable, Hashable {
    /// What a variable stands for, from where the template places it.
    enum Role: String, Sendable, Hashable {
        case authority, host, hostLabel = "host label", port, pathSegment = "path segment"

        /// What a value for the role is, for messages: `a host name, or host:port`.
        var expected: String {
            switch self {
            case .authority: "a host name or address, optionally with :port"
            case .host: "a host name or address, without a port"
            case .hostLabel: "one label of a host name (letters, digits and '-')"
            case .port: "a port number from 1 to 65535"
            case .pathSegment: "one path segment (letters, digits and '-._~')"
            }
        }
    }

    /// A piece of the template: literal text, or a variable in its role.
    enum Piece: Sendable, Hashable {
        case literal(String)
        case variable(String, Role)
    }

    /// Why a template is not one (lint reports it; the generated code only holds templates that passed).
    enum TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
        case noScheme
        case variableInScheme
        case unbalancedBrace
        case invalidName(String)
        case userinfo
        case queryOrFragment
        case emptyHost
        case partOfPort(String)

        var description: String {
            switch self {
            case .noScheme: "it does not start with http:// or https://"
            case .variableInScheme: "a variable cannot be the scheme"
            case .unbalancedBrace: "a '{' or '}' has no partner"
            case .invalidName(let name): "'{\(name)}' is not a variable name (letters, digits and '_')"
            case .userinfo: "a server URL holds no userinfo ('@')"
            case .queryOrFragment: "a server URL holds no query or fragment"
            case .emptyHost: "it has no host"
            case .partOfPort(let name): "'{\(name)}' must be the whole port"
            }
        }
    }

    /// Why a value does not fit its variable's role.
    enum ValueProblem: Sendable, Hashable, CustomStringConvertible {
        case empty
        case notASCII
        case character(Character)
        case emptyLabel
        case labelHyphen
        case tooLong
        case portNotAllowed
        case invalidPort
        case unbracketedIPv6
        case invalidIPv6
        case dotSegment

        var description: String {
            switch self {
            case .empty: "it is empty"
            case .notASCII: "it is not ASCII (write a host name in its punycode form, xn--…)"
            case .character(let character): Self.describe(character)
            case .emptyLabel: "it has an empty label (two dots, or a dot at an end)"
            case .labelHyphen: "a label starts or ends with '-'"
            case .tooLong: "it is too long (a label has at most 63 characters, a host name 253)"
            case .portNotAllowed: "the URL has no port there"
            case .invalidPort: "the port is not a number from 1 to 65535"
            case .unbracketedIPv6: "an IPv6 address is written in brackets, such as [::1]"
            case .invalidIPv6: "it is not an IPv6 address in brackets"
            case .dotSegment: "'.' and '..' would change the path"
            }
        }

        private static func describe(_ character: Character) -> String {
            switch character {
            case "/": "'/' would start a path"
            case "?": "'?' would start a query"
            case "#": "'#' would start a fragment"
            case "@": "'@' would add userinfo"
            case ":": "':' would add a port"
            case "%": "'%' (percent-encoding) is not allowed"
            case "\\": "'\\' is not allowed"
            case ".": "'.' is not allowed (one label only)"
            case " ": "a space is not allowed"
            default:
                character.unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F }
                    ? "a control character is not allowed" : "'\(character)' is not allowed"
            }
        }
    }

    /// The scheme, lowercased (`http` or `https`).
    let scheme: String
    /// The pieces after `scheme://`, in order.
    let pieces: [Piece]

    /// The variables in order of first appearance.
    var variableNames: [String] {
        var names: [String] = []
        for case .variable(let name, _) in pieces where !names.contains(name) { names.append(name) }
        return names
    }

    /// Whether `text` holds a `{` or `}`: only then is it a template (a plain base URL is used as written).
    static func isTemplate(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }

    /// Parses `text`, an http or https URL whose host, port and path may hold `{variables}`.
    static func parse(_ text: String) -> Result<ServerURLGrammar, TemplateProblem> {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            return .failure(isTemplate(text.prefix { $0 != "/" }) ? .variableInScheme : .noScheme)
        }
        let scheme = String(text[..<colon])
        if isTemplate(scheme) { return .failure(.variableInScheme) }
        guard ["http", "https"].contains(scheme.lowercased()) else { return .failure(.noScheme) }
        let rest = text[text.index(colon, offsetBy: 3)...]
        if rest.contains("?") || rest.contains("#") { return .failure(.queryOrFragment) }
        let authority = rest.prefix { $0 != "/" }
        let path = rest[authority.endIndex...]
        if authority.contains("@") { return .failure(.userinfo) }
        // The port follows the last ':' outside an IPv6 literal's brackets.
        var host = authority
        var port: Substring? = nil
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        var pieces: [Piece] = []
        do {
            let hostPieces = try tokens(host)
            if hostPieces.isEmpty { return .failure(.emptyHost) }
            if hostPieces.count == 1, case .variable(let name, _) = hostPieces[0] {
                pieces.append(.variable(name, port == nil ? .authority : .host))
            } else {
                pieces += hostPieces.map { $0.inRole(.hostLabel) }
            }
            if let port {
                pieces.append(.literal(":"))
                let portPieces = try tokens(port)
                if portPieces.count == 1, case .variable(let name, _) = portPieces[0] {
                    pieces.append(.variable(name, .port))
                } else if let name = portPieces.lazy.compactMap(\.variableName).first {
                    return .failure(.partOfPort(name))
                } else {
                    pieces += portPieces
                }
            }
            pieces += try tokens(path).map { $0.inRole(.pathSegment) }
        } catch {
            return .failure(error)
        }
        return .success(ServerURLGrammar(scheme: scheme.lowercased(), pieces: pieces))
    }

    /// `text` cut into literals and `{variables}` (roles filled in by the caller).
    private static func tokens(_ text: Substring) throws(TemplateProblem) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text
        while !rest.isEmpty {
            guard let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) else {
                pieces.append(.literal(String(rest)))
                break
            }
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else { throw .unbalancedBrace }
            let name = String(rest[rest.index(after: open)..<close])
            if name.contains("{") { throw .unbalancedBrace }
            guard isVariableName(name) else { throw .invalidName(name) }
            pieces.append(.variable(name, .pathSegment))
            rest = rest[rest.index(after: close)...]
        }
        return pieces
    }

    private static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }

    /// Each variable's role (a variable placed twice has both).
    func roles(of name: String) -> [Role] {
        var roles: [Role] = []
        for case .variable(name, let role) in pieces where !roles.contains(role) { roles.append(role) }
        return roles
    }

    /// The URL with every variable replaced by its value in `values`; nil when a variable has no value or one that
    /// does not fit its role.
    func expand(_ values: [String: String]) -> String? {
        var text = scheme + "://"
        for piece in pieces {
            switch piece {
            case .literal(let literal): text += literal
            case .variable(let name, let role):
                guard let value = values[name], Self.problem(with: value, as: role) == nil else { return nil }
                text += value
            }
        }
        return text
    }

    // MARK: Values

    /// A value that fits `role`, for checking a template's literal parts as a URL.
    static func sampleValue(for role: Role) -> String {
        switch role {
        case .authority, .host: "example.com"
        case .hostLabel, .pathSegment: "a"
        case .port: "1"
        }
    }

    /// Why `value` does not fit `role`, or nil when it does.
    static func problem(with value: String, as role: Role) -> ValueProblem? {
        if value.isEmpty { return .empty }
        if let bad = value.first(where: { !$0.isASCII }) {
            return bad.unicodeScalars.first.map { $0.value < 0x80 } == true ? .character(bad) : .notASCII
        }
        switch role {
        case .hostLabel:
            if let bad = value.first(where: { !isLabelCharacter($0) }) { return .character(bad) }
            return value.count > 63 ? .tooLong : nil
        case .port:
            return portProblem(value[...])
        case .pathSegment:
            if let bad = value.first(where: { !isLabelCharacter($0) && !"._~".contains($0) }) {
                return .character(bad)
            }
            return value == "." || value == ".." ? .dotSegment : nil
        case .host, .authority:
            return authorityProblem(value, portAllowed: role == .authority)
        }
    }

    private static func authorityProblem(_ value: String, portAllowed: Bool) -> ValueProblem? {
        var host = value[...]
        var port: Substring? = nil
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return .invalidIPv6 }
            host = value[...close]
            let after = value[value.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return after.first.map { .character($0) } ?? .invalidIPv6 }
                port = after.dropFirst()
            }
            if let problem = ipv6Problem(host.dropFirst().dropLast()) { return problem }
        } else {
            if let bad = value.first(where: { !isLabelCharacter($0) && $0 != "." && $0 != ":" }) {
                return .character(bad)
            }
            let colons = value.filter { $0 == ":" }.count
            if colons > 1 { return .unbracketedIPv6 }
            if colons == 1, let colon = value.firstIndex(of: ":") {
                host = value[..<colon]
                port = value[value.index(after: colon)...]
            }
            if let problem = hostNameProblem(host) { return problem }
        }
        guard let port else { return nil }
        guard portAllowed else { return .portNotAllowed }
        return portProblem(port)
    }

    private static func hostNameProblem(_ host: Substring) -> ValueProblem? {
        if host.isEmpty { return .empty }
        if host.count > 253 { return .tooLong }
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty { return .emptyLabel }
            if label.count > 63 { return .tooLong }
            if label.hasPrefix("-") || label.hasSuffix("-") { return .labelHyphen }
        }
        return nil
    }

    private static func ipv6Problem(_ address: Substring) -> ValueProblem? {
        guard address.contains(":"),
            address.allSatisfy({ $0 == ":" || $0 == "." || $0.isHexDigit })
        else { return .invalidIPv6 }
        return nil
    }

    private static func portProblem(_ port: Substring) -> ValueProblem? {
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port),
            (1...65535).contains(number)
        else { return .invalidPort }
        return nil
    }

    private static func isLabelCharacter(_ character: Character) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character) || ("0"..."9").contains(character)
            || character == "-"
    }
}

extension ServerURLGrammar.Piece {
    fileprivate var variableName: String? {
        if case .variable(let name, _) = self { return name }
        return nil
    }

    /// The piece with a variable's role set to `role`.
    fileprivate func inRole(_ role: ServerURLGrammar.Role) -> Self {
        if case .variable(let name, _) = self { return .variable(name, role) }
        return self
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
