/// A path into the data a template is given: `.` is the value at hand (the row inside a
/// `ForEach`), `$` the whole document; `.data.items[0].name`, `$.data["a key"]`, `.list[-1]`.
struct TemplatePath: Hashable, Sendable {
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var fromRoot: Bool
    var steps: [Step]

    /// Parses `text`, which starts with `.` or `$`; nil when it is not a path.
    init?(_ text: Substring) {
        var rest = text
        switch rest.first {
        case "$": fromRoot = true; rest = rest.dropFirst()
        case ".": fromRoot = false
        default: return nil
        }
        steps = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                if name.isEmpty {
                    // A lone `.` is the value at hand; `..` or `.[` is not a path.
                    guard rest.isEmpty, steps.isEmpty else { return nil }
                    break
                }
                steps.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside.first == "\"", inside.last == "\"", inside.count >= 2 {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else if let index = Int(inside) {
                    steps.append(.index(index))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
    }

    /// The value at this path from `current` (or `root`); nil when a step finds nothing.
    func value(current: JSONValue, root: JSONValue) -> JSONValue? {
        var value = fromRoot ? root : current
        for step in steps {
            switch (step, value) {
            case (.key(let key), .object):
                guard let member = value[key] else { return nil }
                value = member
            case (.index(let index), .array(let items)):
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else { return nil }
                value = items[position]
            default:
                return nil
            }
        }
        return value
    }
}
