@testable import LucidCodeGen

/// The keys view models hand a template, merged over every value it was rendered with: a tree that has, at each
/// object, the keys any instance had, and whether every instance had them.
final class ValueShape {
    /// The shape of each key's values (a list's shape is its items').
    private(set) var keys: [String: ValueShape] = [:]
    /// How many objects were merged here, and in how many each key was.
    private var objects = 0
    private var counts: [String: Int] = [:]
    /// The keys a template read here.
    var used: Set<String> = []

    /// Merges `value` into the shape: objects add their keys, lists their items.
    func merge(_ value: MustacheValue) {
        switch value {
        case .object(let members):
            objects += 1
            for (key, member) in members {
                counts[key, default: 0] += 1
                let child = keys[key] ?? ValueShape()
                keys[key] = child
                child.merge(member)
            }
        case .list(let items):
            for item in items { merge(item) }
        case .string, .bool, .int, .double, .null:
            break
        }
    }

    /// Whether every object merged here had `key`: a look-up of it never falls through to the contexts below.
    func alwaysHas(_ key: String) -> Bool { objects > 0 && counts[key] == objects }

    /// Each key no tag of the template read anywhere, as `path.key` at its first place. By name rather than by
    /// place: view models hand one object to two sections (`methods` and the `defaulted` ones among them), each
    /// reading a part of it. `first` and `last` are exempt: every item of a list gets them
    /// (`MustacheValue.items`), whether or not its template separates items.
    func unused(at path: String) -> [String] {
        var read: Set<String> = ["first", "last"]
        var places: [(path: String, key: String)] = []
        collect(at: path, read: &read, places: &places)
        var reported: Set<String> = []
        return places.filter { !read.contains($0.key) && reported.insert($0.key).inserted }.map {
            $0.path.isEmpty ? $0.key : $0.path + "." + $0.key
        }
    }

    private func collect(at path: String, read: inout Set<String>, places: inout [(path: String, key: String)]) {
        read.formUnion(used)
        for key in keys.keys.sorted() {
            places.append((path, key))
            keys[key]?.collect(at: path.isEmpty ? key : path + "." + key, read: &read, places: &places)
        }
    }
}

/// Checks templates against the shapes of the values they are rendered with, statically: every tag of every
/// branch, whether or not a value reaches it. A variable or section name must resolve on the context stack
/// (Mustache's rule: the first part from the top of the stack down, the others inside the value found); a
/// section pushes its value's shape; a partial is walked with the stack of the tag that includes it.
struct TemplateContract {
    let templates: MustachePartials
    /// Every tag that resolves nowhere: `Template: {{#section}} › {{key}}`.
    private(set) var missing: Set<String> = []
    /// Partial walks already made with a given stack, so recursive partials end.
    private var walked: Set<PartialWalk> = []

    private struct PartialWalk: Hashable {
        let partial: String
        let stack: [ObjectIdentifier]
    }

    init(templates: MustachePartials) {
        self.templates = templates
    }

    /// One level of the context stack: the shape there and a name for messages.
    private struct Level {
        let shape: ValueShape
        let name: String
        let id: ObjectIdentifier
    }

    /// Walks template `name` rendered with values of `shape`.
    mutating func check(_ name: String, rootShape shape: ValueShape) {
        guard let template = templates[name] else {
            missing.insert("\(name): no such template")
            return
        }
        walk(template, 0..<template.program.nodes.count, [Level(shape: shape, name: name, id: ObjectIdentifier(shape))])
    }

    private mutating func walk(_ template: MustacheTemplate, _ range: Range<Int>, _ stack: [Level]) {
        let program = template.program
        var index = range.lowerBound
        while index < range.upperBound {
            switch program.nodes[index] {
            case .text:
                break
            case .variable(let name, _):
                _ = resolve(program.names[name], in: stack, template: template)
            case .section(let name, let inverted, let end):
                let shape = resolve(program.names[name], in: stack, template: template)
                let body = index + 1..<end
                if inverted || program.names[name].parts.isEmpty {
                    walk(template, body, stack)
                } else {
                    let text = program.names[name].text
                    // A section whose value is never an object (a flag, a string) pushes a shape without keys.
                    let pushed = shape ?? ValueShape()
                    walk(template, body, stack + [Level(shape: pushed, name: text, id: ObjectIdentifier(pushed))])
                }
                index = end
                continue
            case .partial(let name, _, _):
                let partialName = program.partialNames[name]
                guard let partial = templates[partialName] else {
                    missing.insert("\(template.name): {{> \(partialName)}} names no template")
                    break
                }
                let key = PartialWalk(partial: partialName, stack: stack.map(\.id))
                // The stack only grows by the sections of the data's depth; the bound stops a partial that
                // includes itself inside a section no value reaches.
                if stack.count < 64, walked.insert(key).inserted {
                    walk(partial, 0..<partial.program.nodes.count, stack)
                }
            }
            index += 1
        }
    }

    /// The shape `name` resolves to, marking each level that may provide it as used; nil for `.` and for a
    /// name that resolves nowhere (recorded in `missing`).
    private mutating func resolve(_ name: MustacheName, in stack: [Level], template: MustacheTemplate) -> ValueShape? {
        guard let first = name.parts.first else { return stack.last?.shape }
        var found: ValueShape?
        // A key some instances lack falls through to the levels below for those instances: each may answer it.
        for level in stack.reversed() where level.shape.keys[first] != nil {
            level.shape.used.insert(first)
            if found == nil { found = level.shape.keys[first] }
            if level.shape.alwaysHas(first) { break }
        }
        guard var value = found else {
            let path = stack.map(\.name).joined(separator: " › ")
            missing.insert("\(template.name): {{\(name.text)}} in \(path) is no key of the view model")
            return nil
        }
        for part in name.parts.dropFirst() {
            guard let member = value.keys[part] else {
                missing.insert("\(template.name): {{\(name.text)}} has no '\(part)'")
                return nil
            }
            value.used.insert(part)
            value = member
        }
        return value
    }
}
