/// A value that a template renders: the view model handed to `MustacheTemplate.render`.
///
/// Sections iterate `list`s and push `object`s (and any other truthy value) onto the context stack; variables
/// interpolate `string`, `int`, `double` and `bool`. Build values with literals in tests and with the cases
/// directly in generator code.
public enum MustacheValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case list([MustacheValue])
    case object([String: MustacheValue])
    case null

    /// Whether a section renders its body (and an inverted section does not).
    ///
    /// Falsey: `null`, `false`, the empty list and the empty string. The empty string counts as falsey, as in
    /// JavaScript Mustache, so `{{#doc}}/// {{doc}}{{/doc}}` drops a missing *or* empty doc comment. Numbers
    /// are always truthy: a generator must not lose a default value of `0`.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .list(let items): !items.isEmpty
        case .int, .double, .object: true
        }
    }

    /// The text a variable tag interpolates; nil for values that interpolate nothing (null, lists, objects).
    ///
    /// Numbers print as Swift prints them (`85`, `1.21`), which is also what the spec expects.
    var interpolatedText: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): value.description
        case .bool(let value): value ? "true" : "false"
        case .list, .object, .null: nil
        }
    }
}

extension MustacheValue {
    /// A list of objects, each also told whether it is the `first` and the `last`: templates separate items
    /// with `{{^last}}, {{/last}}` rather than view models joining strings.
    ///
    /// `objects` is consumed: callers pass a list they just built, so each object is changed in place rather
    /// than copied with all its keys to add two.
    static func items(_ objects: consuming [[String: MustacheValue]]) -> MustacheValue {
        var list: [MustacheValue] = []
        list.reserveCapacity(objects.count)
        let last = objects.count - 1
        for index in objects.indices {
            var object = objects[index]
            objects[index] = [:]  // leaves `object` the only reference, so the changes below do not copy it
            object["first"] = .bool(index == 0)
            object["last"] = .bool(index == last)
            list.append(.object(object))
        }
        return .list(list)
    }

    /// `string`, or null for nil: an optional value a template tests with a section.
    static func optional(_ string: String?) -> MustacheValue { string.map(MustacheValue.string) ?? .null }
}
